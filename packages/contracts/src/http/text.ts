/**
 * Free text as every form and API takes it: no control characters (multi-line text keeps tab, line feed
 * and carriage return) and no lone surrogates. A NUL byte is refused by PostgreSQL, and a lone surrogate
 * cannot be encoded as UTF-8 nor stored in jsonb, so either would otherwise reach the database and fail
 * there. The browser (react-hook-form with these schemas) and the server give the same message.
 */
import { z } from 'zod';

export const TEXT_CHARACTERS_MESSAGE =
  'Please remove the unsupported characters (such as control characters).';

/** Every control character (C0, DEL, C1) and every UTF-16 code unit that is half of a missing pair. */
const SINGLE_LINE_FORBIDDEN = /\p{Cc}|\p{Cs}/u;
/** The same, but tab, line feed and carriage return are part of multi-line text. */
const MULTI_LINE_FORBIDDEN = /[^\P{Cc}\t\n\r]|\p{Cs}/u;

export interface PlainTextOptions {
  /** A textarea: tab, line feed and carriage return are allowed. */
  multiline?: boolean;
  /** The message when the text has a forbidden character (TEXT_CHARACTERS_MESSAGE by default). */
  message?: string;
}

/** True when the text has no control character (but tab and line breaks in multi-line text) and no lone surrogate. */
export function isPlainText(text: string, options: Pick<PlainTextOptions, 'multiline'> = {}): boolean {
  return !(options.multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(text);
}

/** Adds the check to a string schema (after its own checks, so it keeps its other messages). */
export function plainText<TSchema extends z.ZodString>(
  schema: TSchema,
  options: PlainTextOptions = {},
): TSchema {
  return schema.refine((text) => isPlainText(text, options), {
    message: options.message ?? TEXT_CHARACTERS_MESSAGE,
  });
}

export interface TextFieldOptions extends PlainTextOptions {
  /** Most characters (after trimming). */
  max: number;
  /** Fewest characters (after trimming); 0 by default. */
  min?: number;
  /** The message for a missing, non-text or too-short value. */
  required?: string;
  /** The message for too long a value (`<label> is too long.` style); `required` when absent. */
  tooLong?: string;
  /** Keep leading and trailing spaces (passwords, tokens compared byte for byte). Trimmed by default. */
  keepSpaces?: boolean;
}

/** A trimmed free-text field: `textField({ min: 2, max: 100, required: '…', tooLong: '…' })`. */
export function textField(options: TextFieldOptions): z.ZodString {
  const required = options.required ?? 'Please enter some text';
  const base = z.string({ error: required });
  let schema = options.keepSpaces ? base : base.trim();
  if (options.min) schema = schema.min(options.min, required);
  schema = schema.max(options.max, options.tooLong ?? required);
  return plainText(schema, options);
}

/** An optional free-text field: absent, null and blank all mean "not given" (undefined). */
export function optionalTextField(options: Omit<TextFieldOptions, 'min'>) {
  return textField({ ...options, required: options.required ?? options.tooLong })
    .nullish()
    .transform((value) => (value ? value : undefined));
}

/** What a person writes in a text area (a message, a question, a reason): required, trimmed, lines kept. */
export function writtenText(max: number, messages: { required: string; tooLong: string }): z.ZodString {
  return textField({ min: 1, max, multiline: true, ...messages });
}

/** The body of an action whose only input is why it is taken (a dispute, its rejection, leaving the plan). */
export function reasonBodySchema(max: number, messages: { required: string; tooLong: string }) {
  return z.object({ reason: writtenText(max, messages) });
}
