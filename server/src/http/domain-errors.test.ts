import { describe, expect, it } from 'vitest';
import { forbidden, invalid, notFound } from '../domain-errors.ts';
import { msg } from '../i18n/messages.ts';
import { fromDomainError } from './error-handler.ts';

describe('the domain errors as HTTP answers', () => {
  it('are 404, 403 and 422 with the problems per field', () => {
    expect(fromDomainError(notFound())?.status).toBe(404);
    expect(fromDomainError(forbidden())?.status).toBe(403);
    const problems = { name: [msg('validation.required', { field: 'name' })] };
    const answer = fromDomainError(invalid(problems));
    expect(answer?.status).toBe(422);
    expect(answer?.problems).toEqual(problems);
  });

  it('leave every other error to the rest of the error handler', () => {
    expect(fromDomainError(new Error('boom'))).toBeUndefined();
    expect(fromDomainError('not an error')).toBeUndefined();
  });
});
