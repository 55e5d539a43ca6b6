import { spawn, type ChildProcess } from 'node:child_process';

export type ProcessGroup = {
  /** The group's id (its leader's pid). */
  pid: number | undefined;
  /** Everything the process printed so far (stdout and stderr), for failure messages. */
  output: () => string;
  hasExited: () => boolean;
  /** Ends the whole group (npm, its shell, node and anything they started), letting it close. */
  stop: () => Promise<void>;
  /** Ends the whole group at once, for a process whose files are thrown away right after. */
  kill: () => Promise<void>;
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
  const onData = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-MAX_KEPT_OUTPUT);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  // If the test process itself goes away (Ctrl-C, a crash), the group must not outlive it;
  // kept until stop(), since npm may exit while the server it started still runs.
  const killOnExit = () => {
    if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
  };
  process.once('exit', killOnExit);
  const exitedPromise = new Promise<void>((resolve) => {
    child.on('exit', () => {
      exited = true;
      resolve();
    });
  });

  return {
    pid: child.pid,
    output: () => output,
    hasExited: () => exited,
    stop: async () => {
      await stopGroup(child, exitedPromise);
      process.off('exit', killOnExit);
    },
    kill: async () => {
      if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
      await exitedPromise;
      process.off('exit', killOnExit);
    },
  };
}

async function stopGroup(child: ChildProcess, exitedPromise: Promise<void>) {
  const pid = child.pid;
  if (pid === undefined) return;
  signalGroup(pid, 'SIGTERM');
  // The leader (npm) may exit before its children: waiting for the whole group lets the server
  // close its database (a prepared data dir is copied after this). Whatever is left then goes.
  const deadline = Date.now() + 10_000;
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  signalGroup(pid, 'SIGKILL');
  await exitedPromise;
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    // ESRCH: the group is already gone, which is what we want.
    if (!(error instanceof Error && 'code' in error && error.code === 'ESRCH')) throw error;
  }
}
