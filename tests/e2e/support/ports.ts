import { createServer } from 'node:net';

/** A port the OS just handed out, so parallel runs and other servers on the machine never collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('could not read the probe port'));
        return;
      }
      const { port } = address;
      probe.close(() => resolve(port));
    });
  });
}
