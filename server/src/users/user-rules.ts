import type { FieldErrors } from '../openapi/validation-errors.ts';

/** Rules the document cannot state: the confirmation must repeat the password. */
export function passwordRuleErrors(
  password: string | undefined,
  confirmation: string | undefined,
): FieldErrors {
  if (password === undefined || password === confirmation) return {};
  return { password: ['The password field confirmation does not match.'] };
}

/** PostgreSQL's unique_violation: two requests raced for the same email. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
