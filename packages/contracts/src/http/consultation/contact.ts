/**
 * `POST /api/contact` (docs/behaviour/consultation-and-contact.md#contact-page; docs/decisions.md, 22): the
 * contact page's own form. Stored (`contact_submissions`) and e-mailed to support. 200 ContactResponse; 400
 * with the first failing field's message; 400 CONTACT_EMAIL_MESSAGE for a malformed or disposable address
 * (a blank one gets CONTACT_MESSAGES.emailRequired); 429 when one client sends too many.
 */
import { z } from 'zod';
import { optionalTextField, textField } from '../text.js';
import { businessEmailSchema, CONTACT_EMAIL_MESSAGE } from './business-email.js';
import { actionSucceeded } from '../fields.js';

export const CONTACT_SUBJECTS = [
  'pricing',
  'program',
  'technical',
  'billing',
  'consultation',
  'other',
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_MESSAGES = {
  firstName: 'First name must be at least 2 characters',
  firstNameTooLong: 'First name must be at most 100 characters',
  lastName: 'Last name must be at least 2 characters',
  lastNameTooLong: 'Last name must be at most 100 characters',
  email: CONTACT_EMAIL_MESSAGE,
  /** A blank e-mail field: it is missing, not malformed or disposable. */
  emailRequired: 'Please enter your email address',
  phoneTooLong: 'Phone number must be at most 40 characters',
  restaurantNameTooLong: 'Restaurant name must be at most 100 characters',
  subject: 'Please select a service of interest',
  message: 'Message must be at least 10 characters',
  messageTooLong: 'Message must be at most 1000 characters',
  /** The toast after a successful send. */
  sentTitle: 'Message Sent!',
  sentDescription: "We'll get back to you within 24 hours.",
  sending: 'Sending...',
} as const;

export const ContactRequestSchema = z.object({
  firstName: textField({
    min: 2,
    max: 100,
    required: CONTACT_MESSAGES.firstName,
    tooLong: CONTACT_MESSAGES.firstNameTooLong,
  }),
  lastName: textField({
    min: 2,
    max: 100,
    required: CONTACT_MESSAGES.lastName,
    tooLong: CONTACT_MESSAGES.lastNameTooLong,
  }),
  email: businessEmailSchema(CONTACT_MESSAGES.email, CONTACT_MESSAGES.emailRequired),
  phone: optionalTextField({ max: 40, tooLong: CONTACT_MESSAGES.phoneTooLong }),
  restaurantName: optionalTextField({ max: 100, tooLong: CONTACT_MESSAGES.restaurantNameTooLong }),
  subject: z.enum(CONTACT_SUBJECTS, { error: CONTACT_MESSAGES.subject }),
  message: textField({
    min: 10,
    max: 1000,
    multiline: true,
    required: CONTACT_MESSAGES.message,
    tooLong: CONTACT_MESSAGES.messageTooLong,
  }),
});
export type ContactRequest = z.input<typeof ContactRequestSchema>;
export type ContactRequestParsed = z.output<typeof ContactRequestSchema>;

export const ContactResponseSchema = z.object(actionSucceeded);
export type ContactResponse = z.infer<typeof ContactResponseSchema>;
