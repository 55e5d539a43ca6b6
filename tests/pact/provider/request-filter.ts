import type { IncomingMessage, ServerResponse } from 'node:http';
import { currentTotpCode } from '../../../server/src/auth/totp.ts';
import { PACT_ACCESS_TOKEN, PACT_SESSION, PACT_XSRF } from '../states.ts';
import type { PactContext } from './provider-states.ts';

type FilterRequest = IncomingMessage & { body?: unknown; path?: string };

/**
 * Turns a consumer request into one the real server accepts: the fake session cookie and
 * XSRF token become the state's real ones (so does a stand-in personal access token), and a 6-digit `code` becomes the current TOTP
 * code of the state's secret (the consumer cannot know it when the pact is written).
 */
export function createRequestFilter(context: PactContext) {
  return (request: FilterRequest, _response: ServerResponse, next: () => void): void => {
    const cookie = request.headers.cookie;
    const session = context.session;
    if (session && typeof cookie === 'string' && cookie.includes(`atlasboard_session=${PACT_SESSION}`)) {
      request.headers.cookie = cookie
        .replace(`atlasboard_session=${PACT_SESSION}`, `atlasboard_session=${session.token}`)
        .replace(`XSRF-TOKEN=${PACT_XSRF}`, `XSRF-TOKEN=${session.xsrfToken}`);
      if (request.headers['x-xsrf-token'] === PACT_XSRF) request.headers['x-xsrf-token'] = session.xsrfToken;
    }
    if (context.accessToken && request.headers.authorization === `Bearer ${PACT_ACCESS_TOKEN}`)
      request.headers.authorization = `Bearer ${context.accessToken}`;
    const body = request.body;
    if (context.totpSecret && typeof body === 'object' && body !== null && !Buffer.isBuffer(body)) {
      const fields = body as Record<string, unknown>;
      if (typeof fields.code === 'string' && /^\d{6}$/.test(fields.code)) {
        fields.code = currentTotpCode(context.totpSecret);
        request.headers['content-length'] = String(Buffer.byteLength(JSON.stringify(fields)));
      }
    }
    next();
  };
}
