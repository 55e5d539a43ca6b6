import { hashPassword } from '../auth/passwords.ts';
import { invalid } from '../http/http-error.ts';
import { msg } from '../i18n/messages.ts';
import type { TypedContext, TypedResult } from '../openapi/typed-handlers.ts';
import { emailTaken, insertUser, toPublicUser } from '../users/user-record.ts';
import { isUniqueViolation, passwordRuleErrors } from '../users/user-rules.ts';

/** New accounts are always of type `user`; it does not sign in (the client goes to login). */
export async function register(context: TypedContext<'register'>): Promise<TypedResult<'register'>> {
  const body = context.body;
  const { db } = context.services;
  const errors = passwordRuleErrors(body.password, body.password_confirmation);
  if (await emailTaken(db, body.email)) errors.email = [msg('validation.email_taken')];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const passwordHash = await hashPassword(body.password);
  try {
    const user = await insertUser(db, { name: body.name, email: body.email, passwordHash, type: 'user' });
    return { status: 201, body: { data: toPublicUser(user) } };
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ email: [msg('validation.email_taken')] });
    throw error;
  }
}
