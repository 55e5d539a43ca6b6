import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

/** The deepest route's `handle.title` (a translation key) names the screen. */
function useRouteTitleKey(): string {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle;
    if (
      typeof handle === 'object' &&
      handle !== null &&
      'title' in handle &&
      typeof handle.title === 'string'
    ) {
      return handle.title;
    }
  }
  return 'maps.title';
}

/** Map screens arrive with later issues; until then each route shows what it will be. */
export function ComingSoonScreen() {
  const { t } = useTranslation();
  return (
    <section className="page coming-soon" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{t(useRouteTitleKey())}</h1>
      <p>{t('maps.coming_soon')}</p>
    </section>
  );
}
