import { msg, type Problems } from '../i18n/messages.ts';

/** Rules the document cannot state: the confirmation must repeat the password. */
export function passwordRuleErrors(password: string | undefined, confirmation: string | undefined): Problems {
  if (password === undefined || password === confirmation) return {};
  return { password: [msg('validation.confirmed', { field: 'password' })] };
}

/** PostgreSQL's unique_violation: two requests raced for the same email. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
