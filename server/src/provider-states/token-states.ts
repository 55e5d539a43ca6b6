import { newTokenText, normaliseAbilities } from '../auth/access-tokens.ts';
import { hashPassword } from '../auth/passwords.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';
import { insertUser } from '../users/users-store.ts';
import {
  remember,
  required,
  signedIn,
  uniqueEmail,
  type Params,
  type StateContext,
} from './state-context.ts';
import type { StateDefinition } from './state-definition.ts';

async function insertToken(context: StateContext, userId: number, params: Params) {
  const token = newTokenText();
  const abilities = Array.isArray(params.abilities) ? params.abilities.map(String) : ['read'];
  const rows = await context.db.query<{ id: number }>(
    `INSERT INTO personal_access_tokens (user_id, name, token_hash, abilities) VALUES ($1, $2, $3, $4) RETURNING id`,
    [userId, String(params.name ?? 'pact'), sha256(token), normaliseAbilities(abilities)],
  );
  remember(context, 'token', required(params, 'id'), (rows[0] as { id: number }).id);
  return token;
}

const TOKEN_PARAMS = {
  id: 'The id the interactions call it by.',
  name: 'Its name.',
  abilities: 'What it may do, e.g. `["read"]`.',
};

export const TOKEN_STATES: StateDefinition[] = [
  {
    key: 'userTokenExists',
    name: 'a personal access token of the signed-in user exists',
    creates: 'A personal access token of the signed-in user.',
    params: TOKEN_PARAMS,
    returns: {
      'token_<id>': 'The real id of the token.',
      access_token: 'Its secret, which interactions send as `Authorization: Bearer <access_token>`.',
    },
    setup: async (context, params) => {
      const userId = signedIn(context, 'a personal access token of the signed-in user exists');
      context.values.access_token = await insertToken(context, userId, params);
    },
  },
  {
    key: 'othersUserTokenExists',
    name: 'a personal access token of another user exists',
    creates: 'A personal access token of another (new) account.',
    params: TOKEN_PARAMS,
    returns: { 'token_<id>': 'The real id of the token.' },
    setup: async (context, params) => {
      const other = await insertUser(context.db, {
        name: 'Someone Else',
        email: uniqueEmail('token-owner'),
        passwordHash: await hashPassword(randomToken()),
        type: 'user',
      });
      await insertToken(context, other.id, params);
    },
  },
];
