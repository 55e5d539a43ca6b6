import type { TFunction } from 'i18next';

/*
 * Messages to the user and how they are rendered: pure (no Node API, no Fastify), so mock mode
 * words its answers with the same keys, catalogue (./locales) and rendering as the server.
 */

export const LOCALES = ['bn', 'en', 'es', 'fr', 'pt-BR', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

/** A message to the user, rendered in their language when the response is written. */
export interface Message {
  key: string;
  params?: Record<string, string | number>;
}
/** Per-field messages, before rendering. */
export type Problems = Record<string, Message[]>;

export const msg = (key: string, params?: Record<string, string | number>): Message =>
  params ? { key, params } : { key };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A message in the translator's language; a `field` parameter is shown by its label (`fields.*`). */
export function render(t: TFunction, message: Message): string {
  const params: Record<string, string | number> = { ...message.params };
  if (typeof params.field === 'string') {
    const last = params.field.split('.').pop() ?? params.field;
    params.field = t(`fields.${last}`, { defaultValue: last.replace(/_/g, ' ') });
  }
  return t(message.key, params);
}

/**
 * Laravel's 422 body: every field's messages rendered, and as `message` the first of them plus
 * how many more (`fallback` when there are none).
 */
export function problemsBody(
  t: TFunction,
  problems: Problems,
  fallback: Message,
): { message: string; errors: Record<string, string[]> } {
  const errors = Object.fromEntries(
    Object.entries(problems).map(([field, messages]) => [
      field,
      messages.map((message) => render(t, message)),
    ]),
  );
  const all = Object.values(errors).flat();
  const first = all[0] ?? render(t, fallback);
  const more = all.length - 1;
  return { message: more > 0 ? t('http.and_more', { message: first, count: more }) : first, errors };
}
