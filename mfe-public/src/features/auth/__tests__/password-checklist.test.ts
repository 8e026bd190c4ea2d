import { describe, expect, it } from '@jest/globals';
import { getPasswordChecklist } from '../lib/password-checklist';

const labels = (minLength: number) => [
  `At least ${minLength} characters`,
  'At least one uppercase letter',
  'At least one symbol',
  'Passwords match',
];

describe('password checklist', () => {
  it('lists the four sign-up requirements, none met for empty fields', () => {
    const checklist = getPasswordChecklist('', '', 8);
    expect(checklist.items.map((item) => item.label)).toEqual(labels(8));
    expect(checklist.items.map((item) => item.srText)).toEqual(['not met', 'not met', 'not met', 'not met']);
    expect(checklist.allMet).toBe(false);
    expect(checklist.summary).toBe('0 of 4 requirements met');
  });

  it('updates item by item as the password grows', () => {
    expect(getPasswordChecklist('abcdefgh', '', 8).items.map((item) => item.met)).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(getPasswordChecklist('Abcdefgh', '', 8).metCount).toBe(2);
    const full = getPasswordChecklist('Abcdefg!', 'Abcdefg!', 8);
    expect(full.allMet).toBe(true);
    expect(full.summary).toBe('4 of 4 requirements met');
    expect(full.items[0]?.srText).toBe('met');
  });

  it('counts only the listed symbols', () => {
    expect(getPasswordChecklist('Abcdefgh-', '', 8).items[2]?.met).toBe(false);
    expect(getPasswordChecklist('Abcdefgh{', '', 8).items[2]?.met).toBe(true);
  });

  it('needs a filled-in, equal confirmation for Passwords match', () => {
    expect(getPasswordChecklist('', '', 8).items[3]?.met).toBe(false);
    expect(getPasswordChecklist('Abcdefg!', 'Abcdefg', 8).items[3]?.met).toBe(false);
  });

  it('asks for 12 characters at password setup', () => {
    const checklist = getPasswordChecklist('Abcdefghij!', 'Abcdefghij!', 12);
    expect(checklist.items[0]).toMatchObject({ label: 'At least 12 characters', met: false });
    expect(getPasswordChecklist('Abcdefghijk!', 'Abcdefghijk!', 12).allMet).toBe(true);
  });
});
