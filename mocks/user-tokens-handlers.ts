import { HttpResponse, http } from 'msw';
import type { NewUserTokenResource, UserToken, UserTokenList } from '../generated/model';
import { createUserTokenBody } from '../generated/zod/users/users.zod';
import { isoSeconds } from './db';
import { noContent, notFound, parseWith, readJson, requireUser, validationFailed } from './responses';

/** Personal access tokens of the mock accounts, by owner; reset with the scenario. */
let tokens: (UserToken & { user_id: number })[] = [];
let nextId = 1;

export function resetUserTokens(): void {
  tokens = [];
  nextId = 1;
}

/** 43 base64url characters, like the server's 32 random bytes; mock mode needs no real randomness. */
function mockSecret(id: number): string {
  return `atb_pat_${`mock${id}`.padEnd(43, 'x')}`;
}

const publicToken = ({ user_id: _owner, ...token }: UserToken & { user_id: number }): UserToken => token;

export const userTokensHandlers = [
  http.get('*/api/user/tokens', ({ request }) => {
    const guarded = requireUser(request, false);
    if (guarded.response) return guarded.response;
    const own = tokens.filter((token) => token.user_id === guarded.user.id).reverse();
    return HttpResponse.json<UserTokenList>({ data: own.map(publicToken) });
  }),

  http.post('*/api/user/tokens', async ({ request }) => {
    const guarded = requireUser(request, true);
    if (guarded.response) return guarded.response;
    const parsed = parseWith(createUserTokenBody, await readJson(request));
    if (!parsed.ok) return parsed.response;
    const expiresAt = parsed.data.expires_at ?? null;
    if (expiresAt !== null && new Date(expiresAt).getTime() <= Date.now())
      return validationFailed({ expires_at: ['The expires_at field must be a date after now.'] });
    const id = nextId++;
    const token: UserToken = {
      id,
      name: parsed.data.name,
      abilities: parsed.data.abilities.includes('write') ? ['read', 'write'] : ['read'],
      expires_at: expiresAt,
      last_used_at: null,
      created_at: isoSeconds(new Date()),
    };
    tokens.push({ ...token, user_id: guarded.user.id });
    return HttpResponse.json<NewUserTokenResource>(
      { data: { ...token, token: mockSecret(id) } },
      { status: 201 },
    );
  }),

  http.delete('*/api/user/tokens/:tokenId', ({ request, params }) => {
    const guarded = requireUser(request, true);
    if (guarded.response) return guarded.response;
    const id = Number(params.tokenId);
    const found = tokens.find((token) => token.id === id && token.user_id === guarded.user.id);
    if (!found) return notFound();
    tokens = tokens.filter((token) => token !== found);
    return noContent();
  }),
];
