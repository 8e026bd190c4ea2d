import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { moneyTextField } from '../http/money-field.js';
import {
  MAX_MONEY_INPUT_CENTS,
  MONEY_INPUT_MESSAGES,
  formatMoney,
  formatMoneyInput,
  moneyTooLargeMessage,
  parseMoneyInput,
} from '../format/index.js';

/** What a typed amount means, worked out apart from the parser: whole dollars and cents as big integers. */
function centsOf(whole: string, fraction: string): bigint {
  return BigInt(whole.replace(/\D/g, '') || '0') * 100n + BigInt(fraction.padEnd(2, '0'));
}

const cents = (text: string) => {
  const read = parseMoneyInput(text);
  return read.ok ? read.cents : read.message;
};

const anyCents = fc.integer({ min: 0, max: MAX_MONEY_INPUT_CENTS });
const wholeDollars = fc.integer({ min: 0, max: MAX_MONEY_INPUT_CENTS / 100 - 1 });
const typedCents = fc.oneof(fc.constant(''), fc.stringMatching(/^\d$/), fc.stringMatching(/^\d\d$/));

describe('amounts as typed', () => {
  it('reads dollars and cents as people write them', () => {
    expect(cents('45000.50')).toBe(4_500_050);
    expect(cents('45,000.50')).toBe(4_500_050);
    expect(cents('45000.5')).toBe(4_500_050);
    expect(cents('$45,000')).toBe(4_500_000);
    expect(cents('$ 45,000.50')).toBe(4_500_050);
    expect(cents('45000')).toBe(4_500_000);
    expect(cents('  45,000.50 ')).toBe(4_500_050);
    expect(cents('45000.')).toBe(4_500_000);
    expect(cents('.5')).toBe(50);
    expect(cents('0.07')).toBe(7);
    expect(cents('007')).toBe(700);
    expect(cents('1,234,567.89')).toBe(123_456_789);
    // The classic floating-point trap: 0.29 × 100 is 28.999… as a float.
    expect(cents('0.29')).toBe(29);
    expect(cents('1.15')).toBe(115);
    expect(cents('0')).toBe(0);
  });

  it('refuses anything else with a message, and never reads it as another amount', () => {
    expect(cents('4,50,00')).toBe(MONEY_INPUT_MESSAGES.misplacedComma);
    expect(cents('45,00')).toBe(MONEY_INPUT_MESSAGES.misplacedComma);
    expect(cents('45,000,5')).toBe(MONEY_INPUT_MESSAGES.misplacedComma);
    expect(cents('0,450')).toBe(MONEY_INPUT_MESSAGES.misplacedComma);
    expect(cents('45,')).toBe(MONEY_INPUT_MESSAGES.misplacedComma);
    expect(cents('45000.505')).toBe(MONEY_INPUT_MESSAGES.tooManyDecimals);
    expect(cents('0.001')).toBe(MONEY_INPUT_MESSAGES.tooManyDecimals);
    for (const text of [
      'abc',
      '12a',
      '1.2.3',
      '$',
      '.',
      ',',
      '1e5',
      '0x10',
      '1 000',
      '45.000,50',
      '€45',
      '$$5',
    ]) {
      expect(cents(text)).toBe(MONEY_INPUT_MESSAGES.invalid);
    }
    expect(cents('-5')).toBe(MONEY_INPUT_MESSAGES.negative);
    expect(cents('-$5.00')).toBe(MONEY_INPUT_MESSAGES.negative);
    expect(cents('$-5.00')).toBe(MONEY_INPUT_MESSAGES.negative);
    expect(cents('')).toBe(MONEY_INPUT_MESSAGES.required);
    expect(cents('   ')).toBe(MONEY_INPUT_MESSAGES.required);
    expect(cents('1,000,000,000.01')).toBe('The amount must be at most $1,000,000,000.00');
    expect(cents('99999999999999999999')).toBe(moneyTooLargeMessage(MAX_MONEY_INPUT_CENTS));
    expect(cents('1000000000.00')).toBe(100_000_000_000);
  });

  it('follows the field’s rules: an empty optional amount, negatives, a smaller maximum, its own words', () => {
    expect(parseMoneyInput('', { emptyAs: 0 })).toEqual({ ok: true, cents: 0 });
    expect(parseMoneyInput('', { messages: { required: 'Gross revenue is required' } })).toEqual({
      ok: false,
      message: 'Gross revenue is required',
    });
    expect(parseMoneyInput('-$45.10', { allowNegative: true })).toEqual({ ok: true, cents: -4_510 });
    expect(parseMoneyInput('-0', { allowNegative: true })).toEqual({ ok: true, cents: 0 });
    expect(parseMoneyInput('800.01', { max: 80_000 })).toEqual({
      ok: false,
      message: 'The amount must be at most $800.00',
    });
    expect(parseMoneyInput('800', { max: 80_000 })).toEqual({ ok: true, cents: 80_000 });
    expect(parseMoneyInput('-1', { messages: { negative: 'Gross revenue must be positive' } })).toEqual({
      ok: false,
      message: 'Gross revenue must be positive',
    });
  });

  it('writes cents the way the field shows them', () => {
    expect(formatMoneyInput(4_500_050)).toBe('45,000.50');
    expect(formatMoneyInput(7)).toBe('0.07');
    expect(formatMoneyInput(0)).toBe('0.00');
    expect(formatMoneyInput(100_000_000_000)).toBe('1,000,000,000.00');
    expect(formatMoneyInput(-29_600)).toBe('-296.00');
    expect(() => formatMoneyInput(0.5)).toThrow(RangeError);
  });

  it('reads back every amount it writes, and every amount the pages show, as the same cents', () => {
    fc.assert(
      fc.property(anyCents, fc.constantFrom('', ' ', '  '), (amount, space) => {
        expect(parseMoneyInput(`${space}${formatMoneyInput(amount)}${space}`)).toEqual({
          ok: true,
          cents: amount,
        });
        expect(parseMoneyInput(`$${formatMoneyInput(amount)}`)).toEqual({ ok: true, cents: amount });
        expect(parseMoneyInput(formatMoney(amount))).toEqual({ ok: true, cents: amount });
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: -MAX_MONEY_INPUT_CENTS, max: 0 }), (amount) => {
        expect(parseMoneyInput(formatMoneyInput(amount), { allowNegative: true })).toEqual({
          ok: true,
          cents: amount,
        });
      }),
    );
  });

  it('reads typed dollars and cents, grouped or not, as exactly those dollars and cents', () => {
    fc.assert(
      fc.property(wholeDollars, typedCents, fc.boolean(), fc.boolean(), (dollars, typed, grouped, sign) => {
        const whole = grouped ? dollars.toLocaleString('en-US') : String(dollars);
        const text = `${sign ? '$' : ''}${whole}${typed === '' ? '' : `.${typed}`}`;
        const read = parseMoneyInput(text);
        expect(read).toEqual({ ok: true, cents: Number(centsOf(String(dollars), typed)) });
      }),
      { numRuns: 2_000 },
    );
  });

  it('never rescales: whatever it accepts is the digits typed, with the cents where they were typed', () => {
    const typing = fc.string({
      unit: fc.constantFrom(...'0123456789,.$- a'.split(''), '0', '5', '9', '.', ','),
      maxLength: 18,
    });
    fc.assert(
      fc.property(typing, (text) => {
        const read = parseMoneyInput(text);
        if (!read.ok) {
          expect(read.message.length).toBeGreaterThan(0);
          return;
        }
        const number = text.trim().replace(/^\$\s*/, '');
        expect(number).toMatch(/^[\d,]*(\.\d{0,2})?$/);
        const [whole = '', fraction = ''] = number.split('.');
        expect(BigInt(read.cents)).toBe(centsOf(whole, fraction));
        // Written back the standard way, it reads as the same cents again.
        expect(parseMoneyInput(formatMoneyInput(read.cents))).toEqual(read);
      }),
      { numRuns: 5_000 },
    );
  });

  it('refuses more than two decimals, any letter and a minus sign, whatever surrounds them', () => {
    fc.assert(
      fc.property(wholeDollars, fc.stringMatching(/^\d{3,6}$/), (dollars, decimals) => {
        expect(parseMoneyInput(`${dollars}.${decimals}`)).toEqual({
          ok: false,
          message: MONEY_INPUT_MESSAGES.tooManyDecimals,
        });
      }),
    );
    fc.assert(
      fc.property(
        anyCents,
        fc.nat(),
        fc.constantFrom(...'abcdefxyzOolIE€£%'.split('')),
        (amount, at, letter) => {
          const text = formatMoneyInput(amount);
          const position = at % (text.length + 1);
          const read = parseMoneyInput(`${text.slice(0, position)}${letter}${text.slice(position)}`);
          expect(read).toEqual({ ok: false, message: MONEY_INPUT_MESSAGES.invalid });
        },
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_MONEY_INPUT_CENTS }), (amount) => {
        expect(parseMoneyInput(`-${formatMoneyInput(amount)}`)).toEqual({
          ok: false,
          message: MONEY_INPUT_MESSAGES.negative,
        });
      }),
    );
  });

  it('refuses every amount above the largest one', () => {
    fc.assert(
      fc.property(fc.integer({ min: MAX_MONEY_INPUT_CENTS + 1, max: Number.MAX_SAFE_INTEGER }), (amount) => {
        expect(parseMoneyInput(formatMoneyInput(amount))).toEqual({
          ok: false,
          message: moneyTooLargeMessage(MAX_MONEY_INPUT_CENTS),
        });
      }),
    );
  });

  it('gives a form the cents, or the parser’s message as the field’s issue', () => {
    const field = moneyTextField({ messages: { required: 'Gross revenue is required' } });
    expect(field.parse('45,000.50')).toBe(4_500_050);
    expect(field.safeParse('').error?.issues.map((issue) => issue.message)).toEqual([
      'Gross revenue is required',
    ]);
    expect(field.safeParse('45,00').error?.issues.map((issue) => issue.message)).toEqual([
      MONEY_INPUT_MESSAGES.misplacedComma,
    ]);
    expect(moneyTextField({ emptyAs: 0 }).parse(' ')).toBe(0);
  });
});
