import { HttpError } from '../http/http-error.ts';
import { msg } from '../i18n/messages.ts';
import { FilterError } from './cql2-lexer.ts';

/** A query parameter the server cannot read: 400 naming it, with where and why (OGC answers 400, not 422). */
export const badParameter = (parameter: string, key: string, params: Record<string, string | number> = {}) =>
  new HttpError(400, msg('ogc.bad_parameter'), {
    problems: { [parameter]: [msg(key, { parameter, ...params })] },
  });

export function filterProblem(error: FilterError): HttpError {
  return badParameter('filter', `ogc.filter_${error.key}`, { position: error.position, ...error.params });
}
