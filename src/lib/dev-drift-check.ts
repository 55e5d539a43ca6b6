import { checkResponse } from '../testing/response-check';
import { setResponseCheck } from './http-client';

/**
 * Development and mock mode: every answer, errors included, is parsed with the generated zod
 * schema of its operation and status; a mismatch is reported (a console error by default) naming
 * the request, the operationId, the status and each field that differs. src/main.tsx loads this
 * only behind `import.meta.env.DEV`, so production builds leave it and the document out.
 */
export function installDriftCheck(report: (message: string) => void = console.error): void {
  setResponseCheck(
    (response) => {
      try {
        checkResponse(response);
      } catch (error) {
        report(`[drift] ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    { errors: true },
  );
}
