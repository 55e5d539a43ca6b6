import { createContext, useContext } from 'react';
import type { FieldErrors } from '../../lib/use-form-submission';

/** The last submit's per-field server messages, provided by Form. */
export const ServerErrorsContext = createContext<FieldErrors>({});

/** The server's message for one field, joined, or undefined when it has none. */
export function useServerError(name: string | undefined): string | undefined {
  const errors = useContext(ServerErrorsContext);
  const messages = name === undefined ? undefined : errors[name];
  return messages && messages.length > 0 ? messages.join(' ') : undefined;
}
