import type { BackendModule, i18n as I18n, ReadCallback } from 'i18next';
import type { LocaleGroup, LocaleTree } from './locale-groups';
import { loadLazyModule } from './preload-error';

type Loader = () => Promise<LocaleTree>;

// One chunk per locale and group, cut at build time by scripts/locale-sections-plugin.ts.
const loaders: Record<LocaleGroup, Record<string, Loader>> = {
  guest: import.meta.glob<LocaleTree>('../locales/*.json', { query: '?sections=guest', import: 'default' }),
  'signed-in': import.meta.glob<LocaleTree>('../locales/*.json', {
    query: '?sections=signed-in',
    import: 'default',
  }),
};

const wanted = new Set<LocaleGroup>(['guest']);
let browserI18n: I18n | undefined;
let signedInTexts: Promise<void> | undefined;

function loadGroup(locale: string, group: LocaleGroup): Promise<LocaleTree> {
  const load = loaders[group][`../locales/${locale}.json`];
  return load ? loadLazyModule(load) : Promise.resolve({});
}

/** Every group wanted so far, for one locale; a group wanted while these loaded is loaded too. */
async function loadWanted(locale: string): Promise<LocaleTree> {
  const groups = [...wanted];
  const parts = await Promise.all(groups.map((group) => loadGroup(locale, group)));
  return groups.length === wanted.size ? Object.assign({}, ...parts) : loadWanted(locale);
}

/**
 * i18next's backend for the browser: a language is ready (and shown) only once every group
 * wanted so far has arrived, so switching language never shows raw keys.
 */
export function localeBackend(i18n: I18n, { signedIn }: { signedIn: boolean }): BackendModule {
  browserI18n = i18n;
  if (signedIn) wanted.add('signed-in');
  return {
    type: 'backend',
    init: () => undefined,
    read: (language: string, _namespace: string, callback: ReadCallback) => {
      loadWanted(language).then(
        (texts) => callback(null, texts),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
    },
  };
}

/**
 * The signed-in screens' texts, added to every language loaded so far (languages loaded later
 * get them from the backend). Without the browser backend (unit tests load all of English) it
 * only records the wish.
 */
export function loadSignedInTexts(): Promise<void> {
  wanted.add('signed-in');
  const i18n = browserI18n;
  if (!i18n) return Promise.resolve();
  signedInTexts ??= Promise.all(
    Object.keys(i18n.store.data).map(async (language) => {
      i18n.addResourceBundle(language, 'translation', await loadGroup(language, 'signed-in'), true, true);
    }),
  ).then(
    () => undefined,
    (error: unknown) => {
      signedInTexts = undefined;
      throw error;
    },
  );
  return signedInTexts;
}
