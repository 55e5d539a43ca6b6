import type { ZodType } from 'zod';
import { HttpResponse, http } from 'msw';
import {
  confirmTwoFactorBody,
  disableTwoFactorBody,
  forgetPasswordBody,
  loginBody,
  loginTwoFactorBody,
  registerBody,
  resetPasswordBody,
} from '../generated/zod/auth/auth.zod';
import type {
  AuthProviders,
  CurrentUser,
  LoginResult,
  Message,
  RecoveryCodes,
  TwoFactorSetup,
  UserResource,
} from '../generated/model';
import { abilitiesFor } from './abilities';
import { MOCK_RESET_TOKEN, MOCK_TOTP_CODE, MOCK_USER } from './accounts';
import { addUser, db, findUserByEmail, isoSeconds, toApiUser, type UserRecord } from './db';
import {
  guardStateChange,
  noContent,
  parseWith,
  EMAIL_TAKEN,
  PASSWORD_MISMATCH,
  readJson,
  requireUser,
  validationFailed,
} from './responses';
import { issueXsrfCookie, signIn, signOut } from './session';

const WRONG_CREDENTIALS = { email: ['These credentials do not match our records.'] };
const WRONG_CODE = { code: ['The provided two factor authentication code was invalid.'] };

function checkPassword(email: string, password: string): UserRecord | undefined {
  const user = findUserByEmail(email);
  return user && user.password === password ? user : undefined;
}

/** A code works if it is the account's TOTP code or one of its unused recovery codes (used up here). */
function acceptCode(user: UserRecord, code: string): boolean {
  if (user.totp_code !== '' && code === user.totp_code) return true;
  const recovery = user.recovery_codes.split(',').filter(Boolean);
  if (!recovery.includes(code)) return false;
  db.user.update({
    where: { id: { equals: user.id } },
    data: { recovery_codes: recovery.filter((c) => c !== code).join(',') },
  });
  return true;
}

/** The mock identity provider: its button signs the mock user in, with no server and no provider. */
export const MOCK_SSO_LABEL = 'Mock ID';
const MOCK_SSO_LOGIN_URL = '/auth/oidc/login';

/** A signed-out form's post: the XSRF check, then its body as `schema` reads it. */
async function guardedBody<T>(request: Request, schema: ZodType<T>) {
  const refusal = guardStateChange(request);
  return refusal ? { ok: false as const, response: refusal } : parseWith(schema, await readJson(request));
}

/**
 * A change of the signed-in user's two-factor sign-in, which asks for the password again: the
 * user and the body as `schema` reads it, or the answer that refuses it.
 */
async function withPassword<T extends { password: string }>(
  request: Request,
  schema: ZodType<T>,
): Promise<{ user: UserRecord; data: T; response?: undefined } | { response: Response }> {
  const guarded = requireUser(request, true);
  if (guarded.response) return guarded;
  const parsed = parseWith(schema, await readJson(request));
  if (!parsed.ok) return parsed;
  if (parsed.data.password !== guarded.user.password)
    return { response: validationFailed({ password: ['The password is incorrect.'] }) };
  return { user: guarded.user, data: parsed.data };
}

export const authHandlers = [
  http.get('*/api/auth/providers', () => {
    issueXsrfCookie();
    return HttpResponse.json<AuthProviders>({
      providers: [{ id: 'oidc', label: MOCK_SSO_LABEL, login_url: MOCK_SSO_LOGIN_URL }],
      password_login: true,
    });
  }),
  // What the provider's round trip ends with on a real server: a fresh session for the account.
  http.get(`*${MOCK_SSO_LOGIN_URL}`, () => {
    signIn(MOCK_USER.id);
    return new HttpResponse(null, { status: 204 });
  }),
  http.post('*/login', async ({ request }) => {
    const parsed = await guardedBody(request, loginBody);
    if (!parsed.ok) return parsed.response;
    const user = checkPassword(parsed.data.email, parsed.data.password);
    if (!user) return validationFailed(WRONG_CREDENTIALS);
    const code = parsed.data.code;
    if (user.two_factor_enabled && !(typeof code === 'string' && acceptCode(user, code))) {
      return HttpResponse.json<LoginResult>({ next_step: '2fa' });
    }
    signIn(user.id);
    return HttpResponse.json<LoginResult>({ next_step: 'home' });
  }),

  http.post('*/login2fa', async ({ request }) => {
    const parsed = await guardedBody(request, loginTwoFactorBody);
    if (!parsed.ok) return parsed.response;
    const user = checkPassword(parsed.data.email, parsed.data.password);
    if (!user) return validationFailed(WRONG_CREDENTIALS);
    if (user.two_factor_enabled && !acceptCode(user, parsed.data.code)) return validationFailed(WRONG_CODE);
    signIn(user.id);
    return HttpResponse.json<LoginResult>({ next_step: 'home' });
  }),

  http.post('*/register', async ({ request }) => {
    const parsed = await guardedBody(request, registerBody);
    if (!parsed.ok) return parsed.response;
    const { name, email, password, password_confirmation } = parsed.data;
    if (findUserByEmail(email)) return validationFailed(EMAIL_TAKEN);
    if (password !== password_confirmation) return validationFailed(PASSWORD_MISMATCH);
    const user = addUser({ name, email, password, type: 'user' });
    return HttpResponse.json<UserResource>({ data: toApiUser(user) }, { status: 201 });
  }),

  http.post('*/logout', ({ request }) => {
    const guarded = requireUser(request, true);
    if (guarded.response) return guarded.response;
    signOut();
    return noContent();
  }),

  http.post('*/api/forget-password', async ({ request }) => {
    const parsed = await guardedBody(request, forgetPasswordBody);
    if (!parsed.ok) return parsed.response;
    // The same answer whether or not the account exists (docs/decisions.md#password-reset).
    return HttpResponse.json<Message>({
      message: 'We have emailed your password reset link! Please check your mail inbox.',
    });
  }),

  http.post('*/api/reset-password', async ({ request }) => {
    const parsed = await guardedBody(request, resetPasswordBody);
    if (!parsed.ok) return parsed.response;
    const { email, token, password, password_confirmation } = parsed.data;
    const user = findUserByEmail(email);
    if (!user || token !== MOCK_RESET_TOKEN)
      return validationFailed({ email: ['This password reset token is invalid.'] });
    if (password !== password_confirmation) return validationFailed(PASSWORD_MISMATCH);
    db.user.update({
      where: { id: { equals: user.id } },
      data: { password, updated_at: isoSeconds(new Date()) },
    });
    return HttpResponse.json<Message>({ message: 'Password successfully changed.' });
  }),

  http.get('*/api/abilities', ({ request }) => {
    const guarded = requireUser(request, false);
    return guarded.response ?? HttpResponse.json(abilitiesFor(guarded.user));
  }),

  http.get('*/api/user', ({ request }) => {
    // As the real server does on every response: a fresh visitor needs the XSRF cookie to sign in.
    issueXsrfCookie();
    const guarded = requireUser(request, false);
    return (
      guarded.response ?? HttpResponse.json<CurrentUser>({ success: true, data: toApiUser(guarded.user) })
    );
  }),

  http.post('*/api/user/two-factor', ({ request }) => {
    const guarded = requireUser(request, true);
    if (guarded.response) return guarded.response;
    const { user } = guarded;
    db.user.update({ where: { id: { equals: user.id } }, data: { pending_two_factor: true } });
    const secret = 'JBSWY3DPEHPK3PXP';
    const otpauth_url = `otpauth://totp/Atlasboard:${encodeURIComponent(user.email)}?secret=${secret}&issuer=Atlasboard`;
    return HttpResponse.json<TwoFactorSetup>({ data: { secret, otpauth_url } });
  }),

  http.post('*/api/user/two-factor/confirm', async ({ request }) => {
    const checked = await withPassword(request, confirmTwoFactorBody);
    if (checked.response) return checked.response;
    const { user, data } = checked;
    if (!user.pending_two_factor || data.code !== MOCK_TOTP_CODE) return validationFailed(WRONG_CODE);
    const recovery_codes = Array.from({ length: 8 }, (_, i) => `mock${i + 1}-recov`);
    db.user.update({
      where: { id: { equals: user.id } },
      data: {
        two_factor_enabled: true,
        pending_two_factor: false,
        totp_code: MOCK_TOTP_CODE,
        recovery_codes: recovery_codes.join(','),
      },
    });
    return HttpResponse.json<RecoveryCodes>({ data: { recovery_codes } });
  }),

  http.post('*/api/user/two-factor/disable', async ({ request }) => {
    const checked = await withPassword(request, disableTwoFactorBody);
    if (checked.response) return checked.response;
    const { user, data } = checked;
    if (!user.two_factor_enabled || !acceptCode(user, data.code)) return validationFailed(WRONG_CODE);
    db.user.update({
      where: { id: { equals: user.id } },
      data: { two_factor_enabled: false, totp_code: '', recovery_codes: '' },
    });
    return noContent();
  }),
];
