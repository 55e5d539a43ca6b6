/**
 * Why a provider sign-in ended without a session: the server ends it at
 * `/login?sso_error=<code>` and the sign-in screen words each code; anything else reads as a
 * general failure.
 */
export const SSO_ERRORS = [
  'state',
  'code',
  'token',
  'denied',
  'email_unverified',
  'email_taken',
  'email_missing',
  'acr',
  'unavailable',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

export const isSsoError = (code: string): code is SsoError =>
  (SSO_ERRORS as readonly string[]).includes(code);
