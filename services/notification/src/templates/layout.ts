/**
 * The one look of every e-mail: plain, branded, one column at most 560 px wide, inline styles only (many
 * mail apps drop <style> blocks), a large button for the main link and the same link again as text.
 * Templates give the words; this file gives both the HTML and the plain-text body, so they never disagree.
 */
import { escapeHtml } from '@platform/service-kit/http';

export { escapeHtml };

export const BRAND_NAME = 'Restaurant Consultant';

/** What every template returns: the three parts of a message. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface EmailContent {
  subject: string;
  /** The line mail apps show after the subject in the inbox (hidden in the body). */
  preheader: string;
  heading: string;
  greeting: string;
  /** Paragraphs before the button. */
  intro: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the button (expiry, "if this was not you"). */
  outro: string[];
  settings: TemplateSettings;
  /**
   * Who reads it: a customer (the default) gets the footer that says where to ask a question; the support
   * team gets one that says it is an internal notice and where the admin area is.
   */
  audience?: 'customer' | 'support';
}

/** What every template needs from the service's configuration. */
export interface TemplateSettings {
  /** The site's address without a trailing slash, e.g. `https://example.com`. */
  baseUrl: string;
  supportEmail?: string | undefined;
}

// The design system's light palette (packages/ui/src/theme.css).
const COLORS = {
  page: '#f5f5f4',
  card: '#ffffff',
  border: '#e7e5e4',
  text: '#1c1917',
  muted: '#57534e',
  primary: '#b93d0b',
  onPrimary: '#ffffff',
};
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** A first name as typed at sign-up, on one line; "there" when there is none ("Hi there,"). */
export function greetingName(firstName: string): string {
  const name = firstName.replace(/\s+/g, ' ').trim().slice(0, 80);
  return name || 'there';
}

export function renderEmail(content: EmailContent): RenderedEmail {
  return { subject: content.subject, text: renderText(content), html: renderHtml(content) };
}

const SUPPORT_FOOTER = 'A notice for the support team, sent by the site.';

/** Our address is no-reply, so a customer's footer names where a question does reach a person. */
function supportLine(settings: TemplateSettings, audience: EmailContent['audience']): string {
  if (audience === 'support') return `${SUPPORT_FOOTER} Admin area: ${settings.baseUrl}/admin`;
  return settings.supportEmail
    ? `Questions? Write to ${settings.supportEmail}.`
    : `Questions? Write to us at ${settings.baseUrl}/contact.`;
}

function supportHtml(settings: TemplateSettings, audience: EmailContent['audience']): string {
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:${COLORS.primary};">${escapeHtml(label)}</a>`;
  if (audience === 'support') return `${SUPPORT_FOOTER} ${link(`${settings.baseUrl}/admin`, 'Admin area')}`;
  return settings.supportEmail
    ? `Questions? Write to ${link(`mailto:${settings.supportEmail}`, settings.supportEmail)}.`
    : `Questions? Write to us at ${link(`${settings.baseUrl}/contact`, `${settings.baseUrl}/contact`)}.`;
}

function renderText(content: EmailContent): string {
  const lines: string[] = [content.greeting, '', ...content.intro.flatMap((p) => [p, ''])];
  if (content.action) lines.push(`${content.action.label}:`, content.action.url, '');
  lines.push(...content.outro.flatMap((p) => [p, '']));
  lines.push(supportLine(content.settings, content.audience), '', `— ${BRAND_NAME}`, '');
  return lines.join('\n');
}

function paragraph(text: string, style = `color:${COLORS.text};`): string {
  return `<tr><td style="padding:0 24px 16px 24px;font-family:${FONT};font-size:16px;line-height:24px;${style}">${escapeHtml(text)}</td></tr>`;
}

function renderHtml(content: EmailContent): string {
  const rows: string[] = [
    `<tr><td style="padding:24px 24px 8px 24px;font-family:${FONT};font-size:18px;line-height:24px;font-weight:700;color:${COLORS.primary};">${escapeHtml(BRAND_NAME)}</td></tr>`,
    `<tr><td style="padding:8px 24px 16px 24px;font-family:${FONT};font-size:24px;line-height:32px;font-weight:700;color:${COLORS.text};">${escapeHtml(content.heading)}</td></tr>`,
    paragraph(content.greeting),
    ...content.intro.map((p) => paragraph(p)),
  ];
  if (content.action) {
    const url = escapeHtml(content.action.url);
    rows.push(
      // A full-width block link: at least 48 px tall, easy to tap on a phone.
      `<tr><td style="padding:8px 24px 24px 24px;"><a href="${url}" style="display:block;padding:14px 20px;background-color:${COLORS.primary};border-radius:8px;color:${COLORS.onPrimary};font-family:${FONT};font-size:18px;line-height:24px;font-weight:700;text-align:center;text-decoration:none;">${escapeHtml(content.action.label)}</a></td></tr>`,
      `<tr><td style="padding:0 24px 16px 24px;font-family:${FONT};font-size:14px;line-height:20px;color:${COLORS.muted};">If the button does not work, copy this link into your browser:<br><a href="${url}" style="color:${COLORS.primary};word-break:break-all;">${url}</a></td></tr>`,
    );
  }
  rows.push(...content.outro.map((p) => paragraph(p, `color:${COLORS.muted};`)));
  rows.push(
    `<tr><td style="padding:16px 24px 24px 24px;border-top:1px solid ${COLORS.border};font-family:${FONT};font-size:14px;line-height:20px;color:${COLORS.muted};">${supportHtml(content.settings, content.audience)}<br>— ${escapeHtml(BRAND_NAME)}</td></tr>`,
  );
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="x-apple-disable-message-reformatting">',
    '<meta name="color-scheme" content="light">',
    `<title>${escapeHtml(content.subject)}</title>`,
    '</head>',
    `<body style="margin:0;padding:0;background-color:${COLORS.page};">`,
    `<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(content.preheader)}</div>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${COLORS.page};">`,
    '<tr><td align="center" style="padding:24px 12px;">',
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:560px;background-color:${COLORS.card};border:1px solid ${COLORS.border};border-radius:12px;">`,
    ...rows,
    '</table>',
    '</td></tr>',
    '</table>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
