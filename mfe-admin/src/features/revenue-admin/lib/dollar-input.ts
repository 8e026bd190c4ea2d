/**
 * Dollar amounts typed by the admin (Mark Paid, Correct baseline): formatted as they are typed ('1,234.5'),
 * digits and one decimal point only, at most two decimals; read back as integer cents, which is what the
 * server takes (docs/decisions.md, 1 and 20).
 */

/** What is typed, kept to digits and the first decimal point, with at most two decimals. */
function cleanDollars(text: string): string {
  let seenPoint = false;
  let decimals = 0;
  let out = '';
  for (const char of text) {
    if (char >= '0' && char <= '9') {
      if (seenPoint) {
        if (decimals >= 2) continue;
        decimals += 1;
      }
      out += char;
    } else if (char === '.' && !seenPoint) {
      seenPoint = true;
      out += char;
    }
  }
  // Leading zeros say nothing ('007' is 7), but '0.50' keeps its zero.
  const [whole = '', fraction] = out.split('.');
  const trimmed = whole.replace(/^0+(?=\d)/, '');
  return fraction === undefined ? trimmed : `${trimmed}.${fraction}`;
}

/** '1234567.891' → '1,234,567.89'; 'abc' → ''; '.5' → '.5'. */
export function formatDollarInput(text: string): string {
  const clean = cleanDollars(text);
  const [whole = '', fraction] = clean.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/**
 * Where the caret goes once `raw` (with the caret at `caret`) is shown formatted: after as many digits and
 * points as were before it, so typing in the middle of '1,234' does not throw the caret to the end.
 */
export function caretAfterFormat(raw: string, caret: number, formatted: string): number {
  const kept = formatDollarInput(raw.slice(0, caret)).replace(/,/g, '').length;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (seen === kept) return index;
    if (formatted[index] !== ',') seen += 1;
  }
  return formatted.length;
}

/** '1,234.5' → 123450; '' or '.' → null (nothing typed). */
export function parseDollarsToCents(text: string): number | null {
  const clean = cleanDollars(text);
  if (!/\d/.test(clean)) return null;
  const [whole = '', fraction = ''] = clean.split('.');
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as the field shows them: 123450 → '1,234.50'. */
export function centsToDollarInput(cents: number): string {
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  return formatDollarInput(`${whole}.${fraction}`);
}
