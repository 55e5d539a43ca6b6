import { newTokenText, normaliseAbilities } from '../../../server/src/auth/access-tokens.ts';
import { hashPassword } from '../../../server/src/auth/passwords.ts';
import { sha256 } from '../../../server/src/auth/tokens.ts';
import type { Database } from '../../../server/src/db/database.ts';
import { insertUser } from '../../../server/src/users/user-record.ts';
import { STATES } from '../states.ts';
import type { PactContext } from './provider-states.ts';

type Params = Record<string, unknown>;

async function insertToken(db: Database, userId: number, params: Params): Promise<string> {
  const token = newTokenText();
  const abilities = Array.isArray(params.abilities) ? params.abilities.map(String) : ['read'];
  await db.query(
    `INSERT INTO personal_access_tokens (id, user_id, name, token_hash, abilities) VALUES ($1, $2, $3, $4, $5)`,
    [Number(params.id), userId, String(params.name ?? 'pact'), sha256(token), normaliseAbilities(abilities)],
  );
  await db.query(
    `SELECT setval(pg_get_serial_sequence('personal_access_tokens', 'id'), (SELECT max(id) FROM personal_access_tokens))`,
  );
  return token;
}

/** Token rows with the ids the interactions name; the signed-in one's secret goes to the request filter. */
export function createTokenStateHandlers(db: Database, context: PactContext) {
  const handlers: Record<string, (params: Params) => Promise<void>> = {
    [STATES.userTokenExists]: async (params) => {
      if (!context.session) throw new Error('userTokenExists needs a signed-in state first');
      context.accessToken = await insertToken(db, context.session.userId, params);
    },
    [STATES.othersUserTokenExists]: async (params) => {
      const other = await insertUser(db, {
        name: 'Someone Else',
        email: `token-owner.${String(params.id)}@pact.example.com`,
        passwordHash: await hashPassword('pact-password-123'),
        type: 'user',
      });
      await insertToken(db, other.id, params);
    },
  };
  return handlers;
}
