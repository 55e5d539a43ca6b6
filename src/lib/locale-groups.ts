export type LocaleTree = { [key: string]: string | LocaleTree };

/**
 * Which texts a browser fetches when: `guest` with the first screen (sign-in, registration,
 * password reset, home, header), `signed-in` (every other top-level section, so a new
 * section lands there by itself) once someone signs in (docs/architecture.md#first-load).
 */
export type LocaleGroup = 'guest' | 'signed-in';

/** The top-level sections of src/locales/*.json that the screens a guest can reach use. */
export const guestSections: readonly string[] = [
  'app',
  'languages',
  'nav',
  'breadcrumb',
  'common',
  'fields',
  'validation',
  'errors',
  'auth',
  'sso',
  'accounts',
  'home',
  'toast',
  'not_found',
];

/** The sections of one group, picked from a locale's whole tree. */
export function sectionsOf(tree: LocaleTree, group: LocaleGroup): LocaleTree {
  const guest = new Set(guestSections);
  return Object.fromEntries(
    Object.entries(tree).filter(([section]) => guest.has(section) === (group === 'guest')),
  );
}
