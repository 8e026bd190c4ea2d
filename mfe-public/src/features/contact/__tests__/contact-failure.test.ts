import { describe, expect, it } from '@jest/globals';
import { CONTACT_EMAIL_MESSAGE, CONTACT_MESSAGES, ContactRequestSchema } from '@platform/contracts';
import { describeContactFailure } from '../lib/contact-failure';
import { SUBJECT_LABELS } from '../lib/contact-copy';

describe('a contact message that was not sent', () => {
  it("puts the server's message beside the field it concerns", () => {
    expect(describeContactFailure({ status: 400, message: CONTACT_EMAIL_MESSAGE, issues: [] })).toEqual({
      title: 'Message Not Sent',
      description: CONTACT_EMAIL_MESSAGE,
      fieldErrors: [{ field: 'email', message: CONTACT_EMAIL_MESSAGE }],
    });
    expect(
      describeContactFailure({ status: 400, message: CONTACT_MESSAGES.messageTooLong, issues: [] })
        .fieldErrors,
    ).toEqual([{ field: 'message', message: CONTACT_MESSAGES.messageTooLong }]);
  });

  it('says to check the connection when no answer came, and hides server errors', () => {
    expect(describeContactFailure(null).description).toBe('Please check your connection and try again.');
    expect(describeContactFailure({ status: 502, message: 'upstream', issues: [] }).description).toBe(
      'Your message could not be sent. Please try again.',
    );
  });
});

describe('the contact form schema', () => {
  it('requires names, e-mail, a topic and a message of 10+ characters', () => {
    const result = ContactRequestSchema.safeParse({
      firstName: '',
      lastName: '',
      email: 'x',
      subject: '',
      message: 'hi',
    });
    expect(result.success).toBe(false);
    const fields = new Set((result.error?.issues ?? []).map((issue) => issue.path[0]));
    expect(fields).toEqual(new Set(['firstName', 'lastName', 'email', 'subject', 'message']));
  });

  it('has a readable label for every topic', () => {
    expect(Object.keys(SUBJECT_LABELS).sort()).toEqual([
      'billing',
      'consultation',
      'other',
      'pricing',
      'program',
      'technical',
    ]);
  });
});
