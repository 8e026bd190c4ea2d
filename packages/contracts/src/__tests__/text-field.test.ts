/**
 * The text rule: control characters and lone surrogates are refused with one message, multi-line text
 * keeps its line breaks, and every text field of every request contract (found by name, so a new
 * contract is checked too) refuses them.
 */
import { describe, expect, it } from '@jest/globals';
import * as contracts from '@platform/contracts';
import {
  ConsultationRequestSchema,
  isPlainText,
  optionalTextField,
  TEXT_CHARACTERS_MESSAGE,
  textField,
} from '@platform/contracts';

describe('isPlainText', () => {
  it.each([
    ['a NUL byte', 'a\u0000b'],
    ['an escape character', '\u001b[31m'],
    ['DEL', 'a\u007f'],
    ['a C1 control character', 'a\u0085b'],
    ['a lone high surrogate', 'a\ud800'],
    ['a lone low surrogate', '\udc00b'],
    ['two high surrogates', '\ud83d\ud83d'],
  ])('refuses %s', (_name, text) => {
    expect(isPlainText(text)).toBe(false);
    expect(isPlainText(text, { multiline: true })).toBe(false);
  });

  it.each([
    ['accents and other scripts', 'Crème brûlée · 東京 · مطعم'],
    ['an emoji (a surrogate pair)', 'Great food 🍝'],
    ['right-to-left marks', '\u202bשלום\u202c'],
  ])('accepts %s', (_name, text) => {
    expect(isPlainText(text)).toBe(true);
  });

  it('keeps tab, line feed and carriage return for multi-line text only', () => {
    expect(isPlainText('Line one\r\n\tLine two', { multiline: true })).toBe(true);
    expect(isPlainText('Line one\nLine two')).toBe(false);
    expect(isPlainText('Tab\there')).toBe(false);
  });
});

describe('textField', () => {
  const name = textField({ min: 2, max: 10, required: 'Name is required', tooLong: 'Name is too long' });

  it('trims, then checks length with its own messages', () => {
    expect(name.parse('  Ada  ')).toBe('Ada');
    expect(name.safeParse(' A ').error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse('A'.repeat(11)).error?.issues[0]?.message).toBe('Name is too long');
    expect(name.safeParse(42).error?.issues[0]?.message).toBe('Name is required');
  });

  it('refuses a control character or lone surrogate with the one text message', () => {
    expect(name.safeParse('Ada\u0000').error?.issues.map((issue) => issue.message)).toEqual([
      TEXT_CHARACTERS_MESSAGE,
    ]);
    expect(name.safeParse('A\ud800da').error?.issues[0]?.message).toBe(TEXT_CHARACTERS_MESSAGE);
  });

  it('optional text reads blank and null as not given, and still refuses a NUL', () => {
    const phone = optionalTextField({ max: 40, tooLong: 'Phone is too long' });
    expect(phone.parse('  ')).toBeUndefined();
    expect(phone.parse(null)).toBeUndefined();
    expect(phone.parse(' 555 ')).toBe('555');
    expect(phone.safeParse('555\u0000').error?.issues[0]?.message).toBe(TEXT_CHARACTERS_MESSAGE);
  });

  it("keeps a textarea's line breaks (consultation goals)", () => {
    const goals = 'Grow weekday covers.\r\n\t- Lunch menu\n- Staff training';
    const parsed = ConsultationRequestSchema.shape.consultationGoals.parse(goals);
    expect(parsed).toBe(goals);
  });
});

// ---------------------------------------------------------------------------------------------------

interface Def {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

const startsAsString = (schema: unknown): boolean => {
  const def = defOf(schema);
  return def.type === 'string' || (def.type === 'pipe' && startsAsString(def.in));
};

/** The schemas (with their paths) that take text in a request: a string, or a pipe that starts from one. */
function textLeaves(
  schema: unknown,
  path: string[] = [],
): Array<[string, { safeParse(value: unknown): { success: boolean } }]> {
  const def = defOf(schema);
  if (startsAsString(schema)) return [[path.join('.'), schema as never]];
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, field]) =>
        textLeaves(field, [...path, key]),
      );
    case 'array':
      return textLeaves(def.element, [...path, '0']);
    case 'union':
      return (def.options as unknown[]).flatMap((option) => textLeaves(option, path));
    case 'pipe':
      return textLeaves(def.in, path);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return textLeaves(def.innerType, path);
    default:
      return [];
  }
}

/** Only hashed, or only compared with another field: never stored or looked up as text. */
// A password typed to prove who one is (signing in, or before a change) is only compared with its hash, and
// one set before the text rule must still work: like the login's, not a text field.
const notFreeText = (name: string) =>
  name === 'LoginRequestSchema password' ||
  name === 'DeleteAccountRequestSchema password' ||
  name.endsWith(' currentPassword') ||
  name.endsWith(' confirmPassword');

const requestSchemas = Object.entries(contracts).filter(([name]) =>
  /(Request|Query|Form|Param|Id)Schema$/.test(name),
);
const leaves = requestSchemas
  .flatMap(([name, schema]) =>
    textLeaves(schema).map(([path, leaf]) => [`${name} ${path}`.trim(), leaf] as const),
  )
  .filter(([name]) => !notFreeText(name));
const SENTENCE = 'Restaurant goals for the next year, 2030';

describe('every text field of every request contract', () => {
  it('finds the request contracts and their text fields, most of which take a plain sentence', () => {
    expect(requestSchemas.length).toBeGreaterThanOrEqual(20);
    expect(leaves.length).toBeGreaterThanOrEqual(50);
    const takingSentences = leaves.filter(([, leaf]) => leaf.safeParse(SENTENCE).success);
    expect(takingSentences.length).toBeGreaterThanOrEqual(30);
  });

  it.each(leaves)('%s refuses a NUL byte and a lone surrogate', (_name, leaf) => {
    for (const bad of ['\u0000', '\ud800']) {
      expect(leaf.safeParse(SENTENCE.replace('goals', `go${bad}als`)).success).toBe(false);
    }
  });
});
