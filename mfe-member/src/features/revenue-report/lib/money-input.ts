/**
 * Whole-dollar amounts typed into a text field (docs/behaviour/revenue-share.md#monthly-revenue-report):
 * digits only, formatted live with thousands separators ('12345' → '12,345'), sent to the server as
 * integer cents (docs/decisions.md, 20). Anything after a decimal point is dropped, so a pasted
 * '$1,234.56' reads as $1,234 rather than as 123,456 dollars.
 */

/** Ten digits reach $9,999,999,999: past the contracts' largest amount, whose message then shows. */
export const MAX_DOLLAR_DIGITS = 10;

const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/** The digits of what was typed or pasted: up to a decimal point, no leading zeros ('0' stays), capped. */
export function readDollarDigits(text: string): string {
  const whole = text.split('.')[0] ?? '';
  const digits = whole.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits.slice(0, MAX_DOLLAR_DIGITS);
}

/** '1234567' → '1,234,567'; '' stays ''. */
export function groupDollarDigits(digits: string): string {
  return digits.replace(GROUPS, ',');
}

/** What the field shows after an edit: the typed text, cleaned and grouped. */
export function formatDollarInput(text: string): string {
  return groupDollarDigits(readDollarDigits(text));
}

/** The field's text → cents; null when it holds no digits (left empty). */
export function dollarInputToCents(text: string): number | null {
  const digits = readDollarDigits(text);
  return digits === '' ? null : Number(digits) * 100;
}

/** Cents → the field's text (whole dollars, cents dropped): 123456 → '1,234'. */
export function centsToDollarInput(cents: number): string {
  return groupDollarDigits(String(Math.max(0, Math.floor(cents / 100))));
}

/**
 * Where the caret belongs after reformatting: after the same number of digits as before it in the typed
 * text (so typing in the middle of '1,234' does not throw the caret to the end).
 */
export function caretAfterFormat(typed: string, caret: number, formatted: string): number {
  const digitsBefore = readDollarDigits(typed.slice(0, caret)).length;
  // Leading zeros dropped from the whole text may leave fewer digits than were before the caret.
  const target = Math.min(digitsBefore, formatted.replace(/\D/g, '').length);
  if (target === 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index]!)) seen += 1;
    if (seen === target) return index + 1;
  }
  return formatted.length;
}
