/**
 * The SMTP peer the embedded site sends its e-mails to during the browser tests. `global-setup-smtp.ts`
 * runs it and saves every message it accepts as a `.eml` file; specs read them back with `waitForMail`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { AddressObject } from 'mailparser';

/** The port the peer listens on; the Playwright config gives the site `smtp://127.0.0.1:<port>`. */
export function getSmtpPort(): number {
  return Number(process.env.E2E_SMTP_PORT ?? 2525);
}

export function getSmtpUrl(): string {
  return `smtp://127.0.0.1:${getSmtpPort()}`;
}

/** Where the peer saves messages; global setup exports it to the test workers as `E2E_MAIL_DIR`. */
export function getMailDir(): string {
  return process.env.E2E_MAIL_DIR ?? path.join(tmpdir(), `e2e-mail-${getSmtpPort()}`);
}

/** True when global setup started the peer (the config names `global-setup-smtp.ts`). */
export function isMailPeerRunning(): boolean {
  return process.env.E2E_MAIL_PEER === 'running';
}

export type ReceivedMail = {
  file: string;
  /** Envelope and header recipients, lower-cased. */
  recipients: string[];
  subject: string;
  text: string;
  html: string;
  /** The text/calendar part (an `.ics` invitation), unfolded; '' when none. */
  calendar: string;
  /** Attached files (a receipt's invoice PDF). */
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.map((entry) => entry.address ?? ''));
}

const parsed = new Map<string, ReceivedMail>();

async function readMail(dir: string, file: string): Promise<ReceivedMail> {
  const cached = parsed.get(file);
  if (cached) return cached;
  const [raw, envelopeText] = await Promise.all([
    readFile(path.join(dir, file)),
    readFile(path.join(dir, file.replace(/\.eml$/, '.json')), 'utf8').catch(() => '{"to":[]}'),
  ]);
  const message = await simpleParser(raw);
  const envelope = JSON.parse(envelopeText) as { to: string[] };
  const mail: ReceivedMail = {
    file,
    recipients: [...envelope.to, ...addressesOf(message.to)].map((address) => address.toLowerCase()),
    subject: message.subject ?? '',
    text: message.text ?? '',
    html: typeof message.html === 'string' ? message.html : '',
    calendar: (
      message.attachments.find((part) => part.contentType === 'text/calendar')?.content.toString('utf8') ?? ''
    ).replace(/\r?\n[ \t]/g, ''),
    attachments: message.attachments.map(({ filename, contentType, content }) => ({
      filename: filename ?? '',
      contentType,
      content,
    })),
  };
  parsed.set(file, mail);
  return mail;
}

/** All messages received so far for `to`, oldest first. */
export async function listMail(to: string): Promise<ReceivedMail[]> {
  const dir = getMailDir();
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.eml'))
    .sort();
  const mails = await Promise.all(files.map((file) => readMail(dir, file)));
  return mails.filter((mail) => mail.recipients.includes(to.toLowerCase()));
}

type WaitForMailOptions = {
  /** Only messages this accepts count (e.g. `hasSetupPasswordLink`); all by default. */
  where?: (mail: ReceivedMail) => boolean;
  /** 0 = the first matching message. */
  index?: number;
  timeoutMs?: number;
};

/** Waits for the `index`-th matching message sent to `to`, and returns it. */
export async function waitForMail(
  to: string,
  { where = () => true, index = 0, timeoutMs = 20_000 }: WaitForMailOptions = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await listMail(to)).filter(where)[index];
    if (mail) return mail;
    if (Date.now() > deadline) {
      throw new Error(`No e-mail #${index + 1} for ${to} reached the SMTP peer within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const SETUP_PASSWORD_LINK = /(?:https?:\/\/[^\s"'<>()]+)?\/setup-password\?token=[^\s"'<>()]+/;

function bodyOf(mail: ReceivedMail): string {
  return `${mail.text}\n${mail.html.replaceAll('&amp;', '&')}`;
}

export function hasSetupPasswordLink(mail: ReceivedMail): boolean {
  return SETUP_PASSWORD_LINK.test(bodyOf(mail));
}

/** The `/setup-password?token=…` link in a message, as a path (the test's own base URL serves it). */
export function findSetupPasswordPath(mail: ReceivedMail): string {
  const match = SETUP_PASSWORD_LINK.exec(bodyOf(mail));
  if (!match) throw new Error(`No set-password link in "${mail.subject}":\n${mail.text || mail.html}`);
  const url = new URL(match[0], 'http://localhost');
  return `${url.pathname}${url.search}`;
}
