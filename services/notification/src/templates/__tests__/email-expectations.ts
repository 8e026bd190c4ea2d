/** What the template tests share: the site settings they render with and the checks every e-mail passes. */
import { expect } from '@jest/globals';
import type { RenderedEmail } from '../layout.js';
import { withTimeLeftAt } from '../link-time-left.js';

/** The site the e-mails are rendered for, with a support address. */
export const settings = { baseUrl: 'https://site.example', supportEmail: 'help@site.example' };

/** How a customer's e-mail ends in text: the support address, then the signature. */
export const CUSTOMER_FOOTER = ['Questions? Write to help@site.example.', '', '— Restaurant Consultant', ''];

/** Branded, one narrow column, inline styles: an e-mail that reads well on a phone. */
export function expectMobileFriendlyHtml({ html }: RenderedEmail) {
  expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
  expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  expect(html).toContain('max-width:560px');
  expect(html).toContain('Restaurant Consultant');
  expect(html).not.toMatch(/<style|<script|<link|class="/i); // inline styles only
  // One column: every row of the card holds a single cell.
  expect(html).not.toMatch(/<\/td>\s*<td/);
}

/** The e-mail as delivery sends it at `at`: each link's time left written in (templates/link-time-left.ts). */
export function sentAt<T extends RenderedEmail>(email: T, at = new Date(0)): T {
  return withTimeLeftAt(email, at);
}
