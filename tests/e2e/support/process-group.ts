import { spawn, type ChildProcess } from 'node:child_process';

export type ProcessGroup = {
  /** Everything the process printed so far (stdout and stderr), for failure messages. */
  output: () => string;
  /** Resolves with the first match of `pattern` in the output. */
  waitForOutput: (pattern: RegExp, timeoutMs: number) => Promise<RegExpMatchArray>;
  hasExited: () => boolean;
  /** Ends the whole group (npm, its shell, node and anything they started). */
  stop: () => Promise<void>;
};

const MAX_KEPT_OUTPUT = 200_000;

/**
 * Starts a command as the leader of its own process group (`detached`), so `npm start`
 * and the node process it spawns can be ended together, the way a terminal's Ctrl-C would.
 */
export function startProcessGroup(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): ProcessGroup {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let exited = false;
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-MAX_KEPT_OUTPUT);
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exitedPromise = new Promise<void>((resolve) => {
    child.on('exit', () => {
      exited = true;
      for (const listener of listeners) listener();
      resolve();
    });
  });

  const waitForOutput = (pattern: RegExp, timeoutMs: number) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = output.match(pattern);
        if (match) {
          done();
          resolve(match);
        } else if (exited) {
          done();
          reject(new Error(`${command} ${args.join(' ')} exited before printing ${pattern}:\n${output}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(
          new Error(`${command} ${args.join(' ')} did not print ${pattern} in ${timeoutMs} ms:\n${output}`),
        );
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });

  return {
    output: () => output,
    waitForOutput,
    hasExited: () => exited,
    stop: () => stopGroup(child, exitedPromise),
  };
}

async function stopGroup(child: ChildProcess, exitedPromise: Promise<void>) {
  const pid = child.pid;
  if (pid === undefined) return;
  signalGroup(pid, 'SIGTERM');
  await Promise.race([exitedPromise, new Promise((resolve) => setTimeout(resolve, 5000))]);
  // The leader (npm) may exit before its children; whatever is left of the group goes too.
  signalGroup(pid, 'SIGKILL');
  await exitedPromise;
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    // ESRCH: the group is already gone, which is what we want.
    if (!(error instanceof Error && 'code' in error && error.code === 'ESRCH')) throw error;
  }
}
