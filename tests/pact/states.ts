/**
 * Provider states shared by the Pact consumer tests (tests/pact/consumer) and the
 * provider verification (tests/pact/provider). Names are the contract between them.
 *
 * Signed-in states: consumer requests carry PACT_COOKIE and PACT_XSRF; the provider's
 * request filter replaces both with a real session of the state's user.
 */
export const STATES = {
  /** Nobody is signed in. */
  signedOut: 'no user is signed in',
  /** An admin is signed in. Params (optional): { email, password }. */
  adminSignedIn: 'an admin is signed in',
  /** A user of type `user` is signed in. Params (optional): { email, password }. */
  userSignedIn: 'a user is signed in',
  /** An account exists. Params: { email, password, type?, recovery_code? } (recovery_code enables 2FA with that code). */
  accountExists: 'an account exists',
  /** A reset token was mailed. Params: { email, token }. */
  resetTokenExists: 'a password reset token exists',
  /** A user with this id exists (besides whoever is signed in). Params: { id, name, email, type }. */
  userExists: 'a user exists',
  /** The signed-in admin started enabling 2FA. Params: { secret, password }. The provider puts the current TOTP code of `secret` into the request's `code`. */
  twoFactorPending: 'the signed-in user has a pending two-factor secret',
  /** The signed-in admin has 2FA on. Params: { password, recovery_code }. */
  twoFactorEnabled: 'the signed-in user has two-factor enabled',
} as const;

export const PACT_SESSION = 'pact-session';
export const PACT_XSRF = 'pact-xsrf';
/** Cookie header a signed-in consumer request carries. */
export const PACT_COOKIE = `atlasboard_session=${PACT_SESSION}; XSRF-TOKEN=${PACT_XSRF}`;
/** Cookie header a guest's state-changing request carries. */
export const PACT_GUEST_COOKIE = `XSRF-TOKEN=${PACT_XSRF}`;
