/**
 * The contact page's form (docs/decisions.md, 22): stored, sent on to support as an event, with clear
 * refusals.
 */
import { describe, expect, it } from '@jest/globals';
import { useBacking } from '@platform/service-kit/testing';
import { CONTACT_MESSAGES, type ContactRequest } from '@platform/contracts';
import { contactSubmissions } from '../../db/schema.js';
import { backings, json, startConsultation, type ConsultationUnderTest } from '../../__tests__/harness.js';

const message = (overrides: Partial<ContactRequest> = {}): ContactRequest => ({
  firstName: 'Priya',
  lastName: 'Natarajan',
  email: 'priya@spice-route-kitchen.com',
  phone: '',
  restaurantName: 'Spice Route Kitchen',
  subject: 'pricing',
  message: 'Do you offer a payment plan for the self-implementation program?',
  ...overrides,
});

describe.each(backings())('the contact form on $name', (factory) => {
  let app: ConsultationUnderTest;

  useBacking(factory, async (backing) => (app = await startConsultation(backing)));

  const send = (body: unknown) => app.request('/api/contact', json(body));
  const stored = async () => app.service.deps.db.select().from(contactSubmissions);

  it('stores the message and hands it to the notification service', async () => {
    const response = await send(message());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: "We'll get back to you within 24 hours.",
    });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Priya Natarajan',
      email: 'priya@spice-route-kitchen.com',
      phone: null,
      restaurantName: 'Spice Route Kitchen',
      subject: 'pricing',
    });
    const [event] = await app.events('contact.message.received');
    expect(event!.data).toMatchObject({
      contactId: rows[0]!.id,
      firstName: 'Priya',
      lastName: 'Natarajan',
      subject: 'pricing',
      phone: null,
      message: 'Do you offer a payment plan for the self-implementation program?',
    });
  });

  it.each([
    ['firstName', 'P', CONTACT_MESSAGES.firstName],
    ['lastName', '', CONTACT_MESSAGES.lastName],
    // A blank address is missing, not disposable.
    ['email', '', 'Please enter your email address'],
    ['email', '   ', 'Please enter your email address'],
    [
      'email',
      'priya@spice',
      'Please enter a valid business email address. Disposable emails are not accepted.',
    ],
    [
      'email',
      'priya@mailinator.com',
      'Please enter a valid business email address. Disposable emails are not accepted.',
    ],
    ['subject', 'refund-now', 'Please select a service of interest'],
    ['message', 'Hi there', CONTACT_MESSAGES.message],
    ['message', 'x'.repeat(1001), CONTACT_MESSAGES.messageTooLong],
  ])('refuses a bad %s (%j) with a clear message and stores nothing', async (field, value, text) => {
    const before = (await stored()).length;
    const response = await send(message({ [field]: value }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(text);
    expect((await stored()).length).toBe(before);
  });

  it.each([
    ['blank', '', CONTACT_MESSAGES.emailRequired],
    ['spaces only', '   ', CONTACT_MESSAGES.emailRequired],
    [
      'too long',
      `${'a'.repeat(250)}@x`,
      'Please enter a valid business email address. Disposable emails are not accepted.',
    ],
  ])('gives a %s e-mail address one message, not one per rule it breaks', async (_case, email, text) => {
    const response = await send(message({ email }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      message: string;
      issues?: Array<{ path: string; message: string }>;
    };
    expect(body.message).toBe(text);
    expect((body.issues ?? []).filter((issue) => issue.path === 'email')).toEqual([
      expect.objectContaining({ message: text }),
    ]);
  });

  it('refuses a body that is not JSON with a 400', async () => {
    const response = await app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"firstName":',
    });
    expect(response.status).toBe(400);
  });
});
