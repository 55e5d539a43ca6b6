import { SMTPServer } from 'smtp-server';
import { parseMail, type ReceivedMail } from './mime';

export type SmtpListener = {
  url: string;
  /** The first mail to `to` not taken yet that arrived or arrives within `timeoutMs`; it is taken. */
  waitForMail: (to: string, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

/** A real SMTP listener on a free local port: the server talks to it as it would to a relay. */
export async function startSmtpListener(): Promise<SmtpListener> {
  const inbox: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback; advertising STARTTLS would need a certificate.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        inbox.push(parseMail(Buffer.concat(chunks).toString('utf8'), recipients));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      if (address === null || typeof address === 'string') reject(new Error('SMTP listener has no port'));
      else resolve(address.port);
    });
  });

  const waitForMail = (to: string, timeoutMs = 20_000) =>
    new Promise<ReceivedMail>((resolve, reject) => {
      const wanted = to.toLowerCase();
      const check = () => {
        const index = inbox.findIndex((candidate) => candidate.recipients.includes(wanted));
        const mail = inbox[index];
        if (mail) {
          // Taken out, so the next wait for this address gets the next mail (confirmation, then reset).
          inbox.splice(index, 1);
          finish();
          resolve(mail);
        }
      };
      const timer = setTimeout(() => {
        finish();
        const seen = inbox.map((mail) => mail.recipients.join(',')).join('; ') || 'none';
        reject(new Error(`no mail to ${to} within ${timeoutMs} ms (mail seen for: ${seen})`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
