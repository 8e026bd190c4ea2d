import { describe, expect, it } from '@jest/globals';
import {
  canShowMore,
  describeMailStatus,
  nextMailLimit,
  sortMailNewestFirst,
  splitMailText,
} from '../lib/mail-log';

describe('mail log', () => {
  it('lists the newest e-mail first', () => {
    const messages = [
      { id: 'a', createdAt: '2026-11-20T10:00:00.000Z' },
      { id: 'b', createdAt: '2026-11-22T09:00:00.000+02:00' },
      { id: 'c', createdAt: '2026-11-21T23:59:59.000Z' },
    ];
    expect(sortMailNewestFirst(messages).map((message) => message.id)).toEqual(['b', 'c', 'a']);
    expect(messages.map((message) => message.id)).toEqual(['a', 'b', 'c']);
  });

  it('names each delivery status with its colour, and an unknown one plainly in grey', () => {
    expect(describeMailStatus('sent')).toEqual({ label: 'Sent', tone: 'green' });
    expect(describeMailStatus('logged')).toEqual({ label: 'Logged', tone: 'blue' });
    expect(describeMailStatus('queued')).toEqual({ label: 'Queued', tone: 'yellow' });
    expect(describeMailStatus('failed')).toEqual({ label: 'Failed', tone: 'red' });
    expect(describeMailStatus('bounced')).toEqual({ label: 'bounced', tone: 'grey' });
  });

  it('reads 50 more at a time up to the maximum of 200, and offers more only after a full page', () => {
    expect(nextMailLimit(50)).toBe(100);
    expect(nextMailLimit(150)).toBe(200);
    expect(nextMailLimit(200)).toBe(200);
    expect(canShowMore(50, 50)).toBe(true);
    expect(canShowMore(49, 50)).toBe(false);
    expect(canShowMore(200, 200)).toBe(false);
  });

  it('makes set-password links clickable and keeps every other part, other links included, as text', () => {
    const link = 'http://127.0.0.1:3000/setup-password?token=abc%2Bdef-123';
    const text = `Hi Ana,\n\nSet your password: ${link}.\nOr visit https://evil.example/login today.`;
    const parts = splitMailText(text);
    expect(parts).toEqual([
      { kind: 'text', text: 'Hi Ana,\n\nSet your password: ' },
      { kind: 'link', href: link, text: link },
      { kind: 'text', text: '.\nOr visit https://evil.example/login today.' },
    ]);
    expect(parts.map((part) => part.text).join('')).toBe(text);
  });

  it('finds several links, one at the very start, and leaves text without links whole', () => {
    const first = 'https://site.example/setup-password?token=one';
    const second = 'https://site.example/setup-password?token=two';
    expect(splitMailText(`${first} and (${second})`)).toEqual([
      { kind: 'link', href: first, text: first },
      { kind: 'text', text: ' and (' },
      { kind: 'link', href: second, text: second },
      { kind: 'text', text: ')' },
    ]);
    expect(splitMailText('<b>not html</b> javascript:alert(1)')).toEqual([
      { kind: 'text', text: '<b>not html</b> javascript:alert(1)' },
    ]);
    expect(splitMailText('')).toEqual([]);
  });
});
