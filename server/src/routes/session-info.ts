import { destroySession } from '../auth/sessions.ts';
import { randomToken } from '../auth/tokens.ts';
import { clearSessionCookie } from '../http/cookies.ts';
import { unauthenticated } from '../http/http-error.ts';
import type { OperationContext, OperationResult } from '../openapi/bind-operations.ts';
import { toPublicUser } from '../users/user-record.ts';

export async function logout(context: OperationContext): Promise<OperationResult> {
  if (context.auth.session) await destroySession(context.services.db, context.auth.session.id);
  clearSessionCookie(context.request, context.reply);
  context.auth.xsrfToken = randomToken();
  return { status: 204 };
}

export async function getCurrentUser(context: OperationContext): Promise<OperationResult> {
  if (!context.auth.user) throw unauthenticated();
  return { status: 200, body: { success: true, data: toPublicUser(context.auth.user) } };
}

/** The same rules the server enforces, as CASL raw rules. */
export async function getAbilities(context: OperationContext): Promise<OperationResult> {
  return { status: 200, body: context.auth.ability.rules };
}
