/**
 * A money field as a form holds it (the text typed) read into integer cents by the one parser
 * (`parseMoneyInput`, docs/decisions.md, 67), with the parser's message, or the field's own words, when the
 * text is refused. The API itself takes cents only; this is what forms put in front of it.
 */
import { z } from 'zod';
import { parseMoneyInput } from '../format/money.js';
import type { MoneyInputRules } from '../format/money.js';

export function moneyTextField(rules: MoneyInputRules = {}) {
  return z.string().transform((text, context) => {
    const read = parseMoneyInput(text, rules);
    if (read.ok) return read.cents;
    context.addIssue({ code: 'custom', message: read.message });
    return z.NEVER;
  });
}
