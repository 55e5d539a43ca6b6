import type { ProcessGroup } from './process-group';

/**
 * Polls `url` until it answers with a status `isReady` accepts. Fails early, with the
 * process output, if the process behind it dies; otherwise after `timeoutMs`.
 */
export async function waitForHttp(
  url: string,
  isReady: (status: number, headers: Headers) => boolean,
  group: ProcessGroup,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (group.hasExited()) {
      throw new Error(`the process exited before ${url} answered:\n${group.output()}`);
    }
    try {
      const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5000) });
      await response.body?.cancel();
      if (isReady(response.status, response.headers)) return;
      lastProblem = `status ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms (${lastProblem}):\n${group.output()}`);
}
