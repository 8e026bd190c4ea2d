/**
 * The e-mail field of the consultation and contact forms
 * (docs/behaviour/consultation-and-contact.md#step-1-business-information): no leading dot, no consecutive
 * dots, text@domain.tld with a tld of 2 or more letters. Disposable addresses are refused by the consultation
 * service with a maintained list (docs/decisions.md, 18), never in the browser.
 */
import { z } from 'zod';
import { plainText } from '../text.js';

export const CONSULTATION_EMAIL_MESSAGE = 'Please enter a valid email address';
/** The server's answer for a disposable address on the consultation form. */
export const BUSINESS_EMAIL_MESSAGE = 'Please enter a valid business email address';
/**
 * The contact form's message for a malformed or disposable address
 * (docs/behaviour/consultation-and-contact.md#contact-page).
 */
export const CONTACT_EMAIL_MESSAGE =
  'Please enter a valid business email address. Disposable emails are not accepted.';

const EMAIL_MAX_LENGTH = 254;
/**
 * local@domain.tld: the local part starts with neither a dot nor has two dots in a row; the domain is
 * dot-separated labels (letters, digits, inner hyphens) ending in a tld of 2+ letters.
 */
export const BUSINESS_EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/**
 * Trimmed and checked against the Email rule; the server stores it lower-cased. `required`, when given, is
 * the message for a blank field, so an empty box is not told its address is disposable or malformed.
 */
export function businessEmailSchema(message: string, required: string = message) {
  return plainText(
    z
      .string({ error: required })
      .trim()
      // One message per field: a blank or too long address is not also told it is malformed.
      .min(1, { error: required, abort: true })
      .max(EMAIL_MAX_LENGTH, { error: message, abort: true })
      .regex(BUSINESS_EMAIL_PATTERN, message),
    { message },
  );
}
