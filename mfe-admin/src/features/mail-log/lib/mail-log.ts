/**
 * The mail log's rules (docs/behaviour/admin.md#mail-log): order, status words and colours, how many to
 * read, and which parts of a plain-text body become links. Bodies are shown as text, never as HTML.
 */
import { MAIL_LIST_DEFAULT_LIMIT, MAIL_LIST_MAX_LIMIT } from '@platform/contracts';
import type { MailStatus } from '@platform/contracts';

export const MAIL_LOG_COPY = {
  title: 'Mail Log',
  description:
    'The newest e-mails the site sent, or only logged when no mail server is set up, with their text. Set-password links can be opened from here.',
  empty: 'No e-mails yet.',
  emptyHint: 'E-mails appear here as soon as the site sends or logs one.',
  failed: 'Failed to load the mail log.',
  retry: 'Try again',
  showMore: 'Show older e-mails',
  showText: 'Show text',
  hideText: 'Hide text',
  loading: 'Loading the mail log…',
} as const;

/** How many messages to ask for after `current`: 50 more, never past the API's maximum. */
export function nextMailLimit(current: number): number {
  return Math.min(current + MAIL_LIST_DEFAULT_LIMIT, MAIL_LIST_MAX_LIMIT);
}

/** Older e-mails may exist when the page came back full and the maximum is not reached yet. */
export function canShowMore(received: number, limit: number): boolean {
  return received >= limit && limit < MAIL_LIST_MAX_LIMIT;
}

/** Newest first by creation time (the server's order too); ties keep their order. */
export function sortMailNewestFirst<T extends { createdAt: string }>(messages: readonly T[]): T[] {
  return [...messages].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export type MailStatusTone = 'green' | 'blue' | 'yellow' | 'red' | 'grey';

const STATUS_WORDS: Record<MailStatus, { label: string; tone: MailStatusTone }> = {
  sent: { label: 'Sent', tone: 'green' },
  logged: { label: 'Logged', tone: 'blue' },
  queued: { label: 'Queued', tone: 'yellow' },
  failed: { label: 'Failed', tone: 'red' },
};

/** 'Sent' green, 'Logged' blue, 'Queued' yellow, 'Failed' red; a status this page does not know: grey. */
export function describeMailStatus(status: string): { label: string; tone: MailStatusTone } {
  return STATUS_WORDS[status as MailStatus] ?? { label: status, tone: 'grey' };
}

export type MailTextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string; text: string };

/*
 * Only set-password links (`…/setup-password?token=…`) become clickable: they are what the admin needs
 * here, and a body can quote what a visitor typed (the contact form), so other addresses stay plain text.
 */
const SET_PASSWORD_LINK = /https?:\/\/[^\s<>"]+\/setup-password\?token=[^\s<>"]+/g;

/** The body split into plain text and set-password links, in order; joining the parts gives the text back. */
export function splitMailText(text: string): MailTextPart[] {
  const parts: MailTextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(SET_PASSWORD_LINK)) {
    // A sentence may end right after the link.
    const href = match[0].replace(/[.,;:!?)\]]+$/, '');
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', href, text: href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
