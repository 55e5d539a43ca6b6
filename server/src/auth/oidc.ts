import * as client from 'openid-client';
import type { SsoError } from '@shared/auth/sso-errors.ts';
import { ACCESS_CHANNEL } from '../access/access-cache.ts';
import type { OidcConfig } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import { type UserRecord, type UserType } from '../users/user-record.ts';
import { insertUser } from '../users/users-store.ts';
import { hashPassword } from './passwords.ts';
import { AUTH_CHANNEL } from './session-cache.ts';
import { randomToken, sha256 } from './tokens.ts';

export class SsoFailure extends Error {
  constructor(
    readonly code: SsoError,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A sign-in under way lives this long between the button and the provider's answer. */
export const SIGN_IN_MINUTES = 10;
/** The HttpOnly cookie that ties a sign-in under way to the browser that started it. */
export const SIGN_IN_COOKIE = 'atlasboard_oidc';
const MAX_GROUPS = 500;
const PROVIDER_TIMEOUT_SECONDS = 10;

const discovered = new WeakMap<OidcConfig, Promise<client.Configuration>>();
const fetchOverrides = new WeakMap<OidcConfig, client.CustomFetch>();

/** Tests stand between the app and the provider with this (a token from elsewhere, say). */
export function useProviderFetch(oidc: OidcConfig, fetch: client.CustomFetch): void {
  fetchOverrides.set(oidc, fetch);
}

function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * The provider's metadata, read once by discovery and kept; a failed discovery is forgotten so
 * the next sign-in tries again. Plain HTTP is accepted only for a provider on this machine.
 */
export async function relyingParty(oidc: OidcConfig): Promise<client.Configuration> {
  let pending = discovered.get(oidc);
  if (!pending) {
    const issuer = new URL(oidc.issuer);
    pending = client.discovery(
      issuer,
      oidc.clientId,
      { id_token_signed_response_alg: 'RS256' },
      oidc.clientSecret === undefined ? client.None() : client.ClientSecretBasic(oidc.clientSecret),
      {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        ...(issuer.protocol === 'http:' && isLoopback(issuer)
          ? { execute: [client.allowInsecureRequests] }
          : {}),
        ...(fetchOverrides.has(oidc) ? { [client.customFetch]: fetchOverrides.get(oidc) } : {}),
      },
    );
    discovered.set(oidc, pending);
    pending.catch(() => discovered.delete(oidc));
  }
  const configuration = await pending;
  configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
  const override = fetchOverrides.get(oidc);
  if (override) configuration[client.customFetch] = override;
  return configuration;
}

function unavailable(cause: unknown): SsoFailure {
  return new SsoFailure('unavailable', 'the identity provider could not be reached', { cause });
}

/** Step one: a new sign-in under way, and the provider's URL to send the browser to. */
export async function startSignIn(db: Queryable, oidc: OidcConfig): Promise<{ url: string; handle: string }> {
  let configuration: client.Configuration;
  try {
    configuration = await relyingParty(oidc);
  } catch (error) {
    throw unavailable(error);
  }
  const handle = randomToken();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await db.query(`DELETE FROM oidc_sign_ins WHERE created_at < now() - make_interval(mins => $1)`, [
    SIGN_IN_MINUTES,
  ]);
  await db.query(
    'INSERT INTO oidc_sign_ins (handle_hash, state, nonce, code_verifier) VALUES ($1, $2, $3, $4)',
    [sha256(handle), state, nonce, codeVerifier],
  );
  const parameters: Record<string, string> = {
    redirect_uri: oidc.redirectUri,
    scope: oidc.scopes,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  };
  if (oidc.acrValues.length > 0) parameters.acr_values = oidc.acrValues.join(' ');
  return { url: client.buildAuthorizationUrl(configuration, parameters).href, handle };
}

interface Pending {
  state: string;
  nonce: string;
  code_verifier: string;
}

/** The sign-in under way for this cookie, taken so that it works once. */
async function takeSignIn(db: Queryable, handle: string | undefined): Promise<Pending> {
  if (!handle) throw new SsoFailure('state', 'no sign-in under way in this browser');
  const rows = await db.query<Pending>(
    `DELETE FROM oidc_sign_ins WHERE handle_hash = $1 RETURNING state, nonce, code_verifier,
       created_at > now() - make_interval(mins => $2) AS live`,
    [sha256(handle), SIGN_IN_MINUTES],
  );
  const row = rows[0] as (Pending & { live: boolean }) | undefined;
  if (!row || !row.live) throw new SsoFailure('state', 'the sign-in is unknown, used or expired');
  return row;
}

/** What openid-client refused, as the screen's reason. */
function failureOf(error: unknown): SsoFailure {
  if (error instanceof SsoFailure) return error;
  if (error instanceof client.AuthorizationResponseError)
    return new SsoFailure('denied', `the provider answered ${error.error}`, { cause: error });
  if (error instanceof client.ResponseBodyError)
    return new SsoFailure('code', `the provider refused the code: ${error.error}`, { cause: error });
  if (error instanceof client.ClientError) {
    const message = `${error.message}: ${error.cause instanceof Error ? error.cause.message : ''}`;
    if (/"state"/.test(message)) return new SsoFailure('state', message, { cause: error });
    if (error.code === 'OAUTH_RESPONSE_IS_NOT_JSON' || error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM')
      return unavailable(error);
    return new SsoFailure('token', message, { cause: error });
  }
  return unavailable(error);
}

export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  groups: string[];
  idToken: string | undefined;
}

function groupsOf(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  const names = raw
    .filter((entry): entry is string => typeof entry === 'string')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '' && entry.length <= 200);
  return [...new Set(names)].slice(0, MAX_GROUPS);
}

function acrAndAmrHold(oidc: OidcConfig, claims: client.IDToken): boolean {
  if (oidc.acrValues.length > 0 && !(typeof claims.acr === 'string' && oidc.acrValues.includes(claims.acr)))
    return false;
  if (oidc.amrValues.length > 0) {
    const amr = Array.isArray(claims.amr) ? claims.amr : [];
    if (!amr.some((value) => typeof value === 'string' && oidc.amrValues.includes(value))) return false;
  }
  return true;
}

/**
 * Step two, the provider's answer at the callback: the code is exchanged (with the PKCE
 * verifier), openid-client checks state, issuer, audience, signature, expiry and nonce, and the
 * profile comes from the ID token and the userinfo endpoint.
 */
export async function finishSignIn(
  db: Queryable,
  oidc: OidcConfig,
  handle: string | undefined,
  callbackUrl: URL,
): Promise<ProviderIdentity> {
  const pending = await takeSignIn(db, handle);
  try {
    const configuration = await relyingParty(oidc);
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.code_verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new SsoFailure('token', 'the provider sent no ID token');
    if (!acrAndAmrHold(oidc, claims))
      throw new SsoFailure('acr', 'the sign-in at the provider did not meet the required acr/amr');
    const metadata = configuration.serverMetadata();
    const profile: Record<string, unknown> = metadata.userinfo_endpoint
      ? await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)
      : {};
    // The ID token's own claims win; userinfo fills in what the token left out.
    const merged: Record<string, unknown> = { ...profile, ...claims };
    const email =
      typeof merged.email === 'string' && merged.email.includes('@') ? merged.email.trim() : undefined;
    const name =
      typeof merged.name === 'string' && merged.name.trim() !== ''
        ? merged.name.trim()
        : [merged.given_name, merged.family_name].filter((part) => typeof part === 'string').join(' ') ||
          (typeof merged.preferred_username === 'string' ? merged.preferred_username : undefined);
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email,
      emailVerified: merged.email_verified === true || merged.email_verified === 'true',
      name,
      groups: groupsOf(merged[oidc.groupsClaim]),
      idToken: tokens.id_token,
    };
  } catch (error) {
    throw failureOf(error);
  }
}

function accountType(oidc: OidcConfig, groups: readonly string[]): UserType | undefined {
  if (oidc.adminGroups.length === 0 && oidc.editorGroups.length === 0) return undefined;
  if (groups.some((group) => oidc.adminGroups.includes(group))) return 'admin';
  if (groups.some((group) => oidc.editorGroups.includes(group))) return 'editor';
  return 'user';
}

async function findUserByEmailFor(tx: Queryable, email: string): Promise<UserRecord | undefined> {
  return (await tx.query<UserRecord>('SELECT * FROM users WHERE lower(email) = lower($1)', [email]))[0];
}

/** The user's provider groups become exactly `groups`; local groups are left as they are. */
async function setProviderGroups(tx: Queryable, userId: number, groups: readonly string[]): Promise<void> {
  if (groups.length > 0) {
    await tx.query(
      `INSERT INTO groups (name, description, from_provider)
       SELECT name, 'From the identity provider', true FROM unnest($1::text[]) AS name
       ON CONFLICT DO NOTHING`,
      [groups],
    );
  }
  await tx.query(
    `DELETE FROM group_members gm USING groups g
     WHERE gm.group_id = g.id AND gm.user_id = $1 AND g.from_provider
       AND NOT (lower(g.name) = ANY (SELECT lower(name) FROM unnest($2::text[]) AS name))`,
    [userId, groups],
  );
  // A local group that happens to share a provider group's name is not joined: it stays local.
  await tx.query(
    `INSERT INTO group_members (group_id, user_id)
     SELECT g.id, $1 FROM groups g
     WHERE g.from_provider AND lower(g.name) = ANY (SELECT lower(name) FROM unnest($2::text[]) AS name)
     ON CONFLICT DO NOTHING`,
    [userId, groups],
  );
}

/**
 * Our account for a provider identity: found by (issuer, subject); else an existing account with
 * the same address when the provider verified it and OIDC_LINK_EMAIL=verified; else a new one.
 * Name, email, account type (when admin/editor groups are configured) and provider groups
 * follow the provider at every sign-in.
 */
export async function accountFor(
  db: Database,
  oidc: OidcConfig,
  identity: ProviderIdentity,
): Promise<UserRecord> {
  // Hashed outside the transaction: a new account gets an unusable random password.
  const placeholder = await hashPassword(randomToken());
  const user = await db.transaction(async (tx) => {
    const linked = (
      await tx.query<UserRecord>(
        `SELECT u.* FROM oidc_identities i JOIN users u ON u.id = i.user_id WHERE i.issuer = $1 AND i.subject = $2`,
        [identity.issuer, identity.subject],
      )
    )[0];
    let account = linked;
    if (!account) {
      if (identity.email === undefined)
        throw new SsoFailure('email_missing', 'the provider gave no email address');
      const sameEmail = await findUserByEmailFor(tx, identity.email);
      if (sameEmail) {
        if (oidc.linkEmail !== 'verified')
          throw new SsoFailure('email_taken', 'an account with this address exists and linking is off');
        if (!identity.emailVerified)
          throw new SsoFailure('email_unverified', 'the provider has not verified this address');
        account = sameEmail;
      } else {
        account = await insertUser(tx, {
          name: identity.name ?? identity.email,
          email: identity.email,
          passwordHash: placeholder,
          type: 'user',
        });
        if (identity.emailVerified)
          await tx.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [account.id]);
      }
      await tx.query('INSERT INTO oidc_identities (issuer, subject, user_id) VALUES ($1, $2, $3)', [
        identity.issuer,
        identity.subject,
        account.id,
      ]);
    } else {
      await tx.query('UPDATE oidc_identities SET signed_in_at = now() WHERE issuer = $1 AND subject = $2', [
        identity.issuer,
        identity.subject,
      ]);
    }
    const type = accountType(oidc, identity.groups) ?? account.type;
    const name = identity.name ?? account.name;
    // An address another account already holds is not taken over; the old one stays.
    const email =
      identity.email !== undefined &&
      identity.email.toLowerCase() !== account.email.toLowerCase() &&
      (await findUserByEmailFor(tx, identity.email)) === undefined
        ? identity.email
        : account.email;
    if (type !== account.type || name !== account.name || email !== account.email) {
      account = (
        await tx.query<UserRecord>(
          'UPDATE users SET name = $2, email = $3, type = $4, updated_at = now() WHERE id = $1 RETURNING *',
          [account.id, name, email, type],
        )
      )[0] as UserRecord;
    }
    await setProviderGroups(tx, account.id, identity.groups);
    return account;
  });
  // Every instance forgets the caches it held of this account and its groups before the
  // browser's next request, which may reach any of them.
  await db.barrier?.(ACCESS_CHANNEL);
  await db.barrier?.(AUTH_CHANNEL);
  return user;
}

/** Where to send the browser to sign out at the provider too, if it offers RP-initiated logout. */
export async function providerLogoutUrl(oidc: OidcConfig, idToken: string): Promise<string | undefined> {
  try {
    const configuration = await relyingParty(oidc);
    if (!configuration.serverMetadata().end_session_endpoint) return undefined;
    return client.buildEndSessionUrl(configuration, {
      id_token_hint: idToken,
      post_logout_redirect_uri: oidc.postLogoutRedirectUri,
    }).href;
  } catch {
    return undefined;
  }
}
