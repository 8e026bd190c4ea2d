/**
 * Playwright global setup: an SMTP peer on 127.0.0.1:`E2E_SMTP_PORT` (2525) that accepts every message
 * and saves it under `E2E_MAIL_DIR`, so specs can open the links the site e-mails. The returned
 * function is the matching teardown.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { getMailDir, getSmtpPort } from './helpers/mail-peer.js';

export default async function startSmtpPeer(): Promise<() => Promise<void>> {
  const port = getSmtpPort();
  const dir = getMailDir();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let received = 0;

  const server = new SMTPServer({
    // A local test peer: no TLS, and any credentials (or none) are accepted.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'e2e' }),
    logger: false,
    size: 30 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const name = `${String(Date.now()).padStart(15, '0')}-${String(++received).padStart(5, '0')}`;
        const envelope = {
          from: session.envelope.mailFrom || null,
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(envelope));
        // Written under another name first, so a reader never sees half a message.
        writeFileSync(path.join(dir, `${name}.eml.tmp`), Buffer.concat(chunks));
        renameSync(path.join(dir, `${name}.eml.tmp`), path.join(dir, `${name}.eml`));
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  // Test workers inherit these.
  process.env.E2E_MAIL_DIR = dir;
  process.env.E2E_MAIL_PEER = 'running';

  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
    // The site's data (playwright.config.ts): every test is done, and the site is stopped right after.
    const dataDir = process.env.E2E_DATA_DIR;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
