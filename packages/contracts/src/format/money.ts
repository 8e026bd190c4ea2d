/**
 * Money as every page and e-mail shows it, and as people type it: amounts are integer cents, the platform
 * sells in US dollars. Typed amounts are read by one parser for every money field (docs/decisions.md, 67).
 */

/**
 * Integer cents → US dollars, en-US, always 2 decimals: 69700 → "$697.00", -29600 → "-$296.00"; a zero is
 * "$0.00" whatever its sign (a negated total of nothing). Written
 * out rather than with `Intl.NumberFormat`, whose first construction costs a phone tens of milliseconds of
 * the public pages' start (docs/decisions.md, 109); the text is the same.
 */
export function formatMoney(cents: number): string {
  const whole = Math.round(cents);
  return `${whole < 0 ? '-' : ''}$${formatMoneyInput(Math.abs(whole))}`;
}

/** The largest amount a money field takes unless told otherwise, in cents: $1,000,000,000.00. */
export const MAX_MONEY_INPUT_CENTS = 100_000_000_000;

/** What a money field says when it cannot take what was typed (a field may put its own words instead). */
export const MONEY_INPUT_MESSAGES = {
  required: 'Please enter an amount',
  invalid: 'Enter an amount in dollars and cents, such as 45,000.50',
  tooManyDecimals: 'Use at most two digits after the decimal point (cents), such as 45,000.50',
  misplacedComma: 'Put commas only between groups of three digits, such as 45,000.50',
  negative: 'The amount cannot be negative',
} as const;

/** 'The amount must be at most $1,000,000,000.00' (the largest amount the field takes). */
export function moneyTooLargeMessage(maxCents: number): string {
  return `The amount must be at most ${formatMoney(maxCents)}`;
}

export type MoneyInputMessages = { [Key in keyof typeof MONEY_INPUT_MESSAGES | 'tooLarge']: string };

export interface MoneyInputRules {
  /** The cents an empty field stands for (an optional amount); without it an empty field is refused. */
  emptyAs?: number;
  /** Whether a minus sign is taken ('-45.00', '-$45.00'); refused by default. */
  allowNegative?: boolean;
  /** The largest amount, in cents (MAX_MONEY_INPUT_CENTS by default); a negative one at least −max. */
  max?: number;
  /** The field's own words for some refusals, e.g. 'Gross revenue is required'. */
  messages?: Partial<MoneyInputMessages>;
}

export type MoneyInputResult = { ok: true; cents: number } | { ok: false; message: string };

const MINUS = /^[-\u2212]/;
/** Only digits, commas and at most one decimal point: a number, perhaps with misplaced commas or cents. */
const NUMBER_SHAPE = /^([\d,]*)(?:\.(\d*))?$/;
/** Thousands separated by commas: '45,000', '1,234,567' (no leading zero before the first comma). */
const GROUPED = /^[1-9]\d{0,2}(?:,\d{3})+$/;
/** More whole digits than this are too large for any field (and would lose precision as a number). */
const MAX_WHOLE_DIGITS = 13;

/**
 * An amount as typed → integer cents, or the reason it is refused. Takes dollars and cents as people write
 * them: '45,000.50', '45000.5', '$45,000', ' 45000 ', '.50'. Refuses letters and other symbols, more than
 * two decimals, commas anywhere but between groups of three digits ('4,50,00', '45,00'), a minus sign
 * unless allowed, an empty field unless it has a meaning (`emptyAs`), and more than the largest amount. The
 * digits are read as integers, never through a floating-point number, and an amount is never rescaled:
 * what is refused is refused, not read as something else.
 */
export function parseMoneyInput(text: string, rules: MoneyInputRules = {}): MoneyInputResult {
  const max = rules.max ?? MAX_MONEY_INPUT_CENTS;
  const messages: MoneyInputMessages = {
    ...MONEY_INPUT_MESSAGES,
    tooLarge: moneyTooLargeMessage(max),
    ...rules.messages,
  };
  const refuse = (message: string): MoneyInputResult => ({ ok: false, message });

  let rest = text.trim();
  if (rest === '') {
    return rules.emptyAs === undefined ? refuse(messages.required) : { ok: true, cents: rules.emptyAs };
  }
  let negative = false;
  if (MINUS.test(rest)) {
    negative = true;
    rest = rest.slice(1).trimStart();
  }
  if (rest.startsWith('$')) rest = rest.slice(1).trimStart();
  if (!negative && MINUS.test(rest)) {
    negative = true;
    rest = rest.slice(1).trimStart();
  }

  const shape = NUMBER_SHAPE.exec(rest);
  if (!shape || !/\d/.test(rest)) return refuse(messages.invalid);
  const typedWhole = shape[1] ?? '';
  const fraction = shape[2] ?? '';
  if (typedWhole.includes(',') && !GROUPED.test(typedWhole)) return refuse(messages.misplacedComma);
  if (fraction.length > 2) return refuse(messages.tooManyDecimals);
  if (negative && !rules.allowNegative) return refuse(messages.negative);

  const whole = typedWhole.replaceAll(',', '').replace(/^0+/, '');
  if (whole.length > MAX_WHOLE_DIGITS) return refuse(messages.tooLarge);
  // Both parts are integers well below 2^53, so this is exact.
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > max) return refuse(messages.tooLarge);
  return { ok: true, cents: negative && cents !== 0 ? -cents : cents };
}

/**
 * Integer cents → the text a money field shows (its '$' stands beside it): 4500050 → '45,000.50',
 * 7 → '0.07', -29600 → '-296.00'. `parseMoneyInput` reads it back as the same cents.
 */
export function formatMoneyInput(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const size = Math.abs(cents);
  const whole = String(Math.floor(size / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = String(size % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${whole}.${fraction}`;
}
