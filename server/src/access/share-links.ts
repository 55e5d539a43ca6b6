import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, sha256 } from '../auth/tokens.ts';
import type { Queryable } from '../db/database.ts';
import { servedOverHttps } from '../http/security-headers.ts';

/** The cookie a share link sets: its secret, so the link is re-checked (revoked, expired) on every request. */
export const SHARE_COOKIE = 'atlasboard_share';
const SECRET_SHAPE = /^[A-Za-z0-9_-]{32,64}$/;

export interface ShareGrant {
  linkId: number;
  mapId: number;
}

export const newShareSecret = (): string => randomToken(32);

/** The map a live share link opens, or undefined for an unknown, revoked or expired secret. */
export async function findShareLink(
  db: Queryable,
  secret: string | undefined,
): Promise<ShareGrant | undefined> {
  if (!secret || !SECRET_SHAPE.test(secret)) return undefined;
  const rows = await db.query<{ id: number; map_id: number }>(
    `SELECT id, map_id FROM share_links WHERE secret_hash = $1 AND (expires_at IS NULL OR expires_at > now())`,
    [sha256(secret)],
  );
  const row = rows[0];
  return row ? { linkId: row.id, mapId: row.map_id } : undefined;
}

/**
 * The share session's cookie. `framed`: set for the embed page, which another site's page frames;
 * a browser sends a framed page's requests only `SameSite=None` cookies, which must be Secure, so
 * over plain HTTP an embedded share link cannot keep its session (public maps need none).
 */
export function setShareCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  framed = false,
): void {
  const secure = servedOverHttps(request);
  reply.setCookie(SHARE_COOKIE, secret, {
    path: '/',
    httpOnly: true,
    sameSite: framed && secure ? 'none' : 'lax',
    secure,
  });
}
