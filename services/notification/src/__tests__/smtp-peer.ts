/**
 * A real SMTP server for tests (`smtp-server`, no STARTTLS: its bundled certificate has expired) that
 * parses what it receives with `mailparser`, and can be told to refuse recipients.
 */
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  recipients: string[];
  from: string | undefined;
  parsed: ParsedMail;
}

export interface SmtpPeer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** While set, every RCPT TO is answered with this (a 4xx: "try again later"). */
  refuseWith: { message: string; responseCode: number } | null;
  /** How many RCPT TO commands were refused so far. */
  refusals: number;
  waitForMail(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

export async function startSmtpPeer(options: { port?: number } = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  /** Each returns true once it is satisfied (and is then dropped). */
  let waiters: Array<() => boolean> = [];
  const peer: Omit<SmtpPeer, 'port' | 'url' | 'stop'> = {
    received,
    refuseWith: null,
    refusals: 0,
    waitForMail: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return false;
          clearTimeout(timer);
          resolve(received);
          return true;
        };
        const timer = setTimeout(
          () =>
            reject(new Error(`expected ${count} e-mail(s) within ${timeoutMs} ms, got ${received.length}`)),
          timeoutMs,
        );
        if (!check()) waiters.push(check);
      }),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (peer.refuseWith) {
        peer.refusals += 1;
        return callback(
          Object.assign(new Error(peer.refuseWith.message), { responseCode: peer.refuseWith.responseCode }),
        );
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            parsed,
          });
          waiters = waiters.filter((waiter) => !waiter());
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(peer, {
    port,
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** A loopback port nothing listens on (free when this returns). */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
