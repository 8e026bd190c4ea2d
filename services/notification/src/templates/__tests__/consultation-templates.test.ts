/**
 * What the consultation e-mails say, word for word: the owner's confirmation (the business name where a
 * business name belongs, the files that came in a sentence), the 'Continue Later' link back to step 2, the
 * support notice, the admin's response, the look-up link and a contact message.
 */
import { describe, expect, it } from '@jest/globals';
import {
  describeFileCounts,
  renderConsultationAddFilesLinkEmail,
  renderConsultationContinueLinkEmail,
  renderConsultationNewRequestEmail,
  renderConsultationReceivedEmail,
  renderConsultationResponseEmail,
  renderContactMessageEmail,
} from '../consultation.js';
import { callCalendar } from '../consultation-call.js';
import { CUSTOMER_FOOTER, sentAt, settings } from './email-expectations.js';

const DAY = 24 * 60 * 60_000;

describe('the consultation confirmation', () => {
  const input = {
    ownerName: 'Ana Lopez',
    businessName: 'Lopez Family Foods LLC',
    imageCount: 3,
    videoCount: 1,
    documentCount: 1,
    addFilesToken: 'tok-123_AbC',
    settings,
  };

  it('thanks the owner for the request, names the business and the files, and gives the add-files link', () => {
    const email = renderConsultationReceivedEmail(input);
    expect(email.subject).toBe('We received your free consultation request');
    expect(email.text).toBe(
      [
        'Hi Ana,',
        '',
        'Thank you for your consultation request for Lopez Family Foods LLC.',
        '',
        'We received your business information and 3 photos, 1 video and 1 document.',
        '',
        'Our team reviews every request personally and answers within 24-48 hours.',
        '',
        'Forgot a photo, or want to send the menu later? Add files to this request with the button below.',
        '',
        'Add more files:',
        'https://site.example/additional-upload?token=tok-123_AbC',
        '',
        'Keep this e-mail: for 30 days its link adds files to your request. Do not forward it.',
        '',
        'With an account for this address, you can also follow your request at https://site.example/my-consultations.',
        '',
        ...CUSTOMER_FOOTER,
      ].join('\n'),
    );
    expect(email.html).toContain('we review your request for Lopez Family Foods LLC within 24-48 hours.');
    expect(email.text).not.toMatch(/sending us Lopez/);
  });

  it('says so when no file came, rather than counting zeros', () => {
    const email = renderConsultationReceivedEmail({
      ...input,
      imageCount: 0,
      videoCount: 0,
      documentCount: 0,
    });
    expect(email.text).toContain(
      '\nWe received your business information; no photos, video or menu came with it yet.\n',
    );
    expect(email.text).not.toContain('0 photos');
  });

  it('lists only the kinds of file that came', () => {
    expect(describeFileCounts({ imageCount: 1, videoCount: 0, documentCount: 0 })).toBe('1 photo');
    expect(describeFileCounts({ imageCount: 2, videoCount: 0, documentCount: 3 })).toBe(
      '2 photos and 3 documents',
    );
    expect(describeFileCounts({ imageCount: 0, videoCount: 2, documentCount: 0 })).toBe('2 videos');
    expect(describeFileCounts({ imageCount: 0, videoCount: 0, documentCount: 0 })).toBeNull();
  });
});

describe("the 'Continue Later' e-mail", () => {
  it('links back to step 2 of /consultation and says how long the link works', () => {
    const now = new Date('2031-05-04T09:00:00.000Z');
    const email = sentAt(
      renderConsultationContinueLinkEmail({
        ownerName: 'Ana Lopez',
        businessName: 'Lopez Family Foods LLC',
        token: 'a+b/c=',
        expiresAt: new Date(now.getTime() + 30 * DAY).toISOString(),
        settings,
      }),
      now,
    );
    expect(email.subject).toBe('Continue your free consultation request');
    expect(email.text).toBe(
      [
        'Hi Ana,',
        '',
        'Your business information for Lopez Family Foods LLC is saved. Your request is not sent yet.',
        '',
        'When you are ready, add photos of your restaurant, a short walkthrough video and your menu, then press “Complete Submission & Send Confirmation”. We review every request within 24-48 hours of that.',
        '',
        'Continue my request:',
        'https://site.example/consultation?token=a%2Bb%2Fc%3D',
        '',
        'The link works for 30 days, on any device. Do not forward it: it opens your request.',
        '',
        'If you did not start this request, ignore this e-mail.',
        '',
        ...CUSTOMER_FOOTER,
      ].join('\n'),
    );
    expect(email.html).toContain('href="https://site.example/consultation?token=a%2Bb%2Fc%3D"');
  });
});

/** A notice to the support team ends as one, not with the customer's "Questions? Write to …". */
function expectSupportFooter(email: { text: string; html: string }) {
  expect(email.text).not.toContain('Questions?');
  expect(email.html).not.toContain('Questions?');
  expect(email.text.trimEnd().split('\n').slice(-3)).toEqual([
    'A notice for the support team, sent by the site. Admin area: https://site.example/admin',
    '',
    '— Restaurant Consultant',
  ]);
  expect(email.html).toContain('href="https://site.example/admin"');
}

describe('the other consultation e-mails', () => {
  it('tells support who sent what', () => {
    const email = renderConsultationNewRequestEmail({
      ownerName: 'Ana Lopez',
      email: 'ana@lopezfoods.com',
      businessName: 'Lopez Family Foods LLC',
      restaurantName: 'Casa Lopez',
      location: 'Denver, CO',
      imageCount: 3,
      videoCount: 0,
      documentCount: 1,
      settings,
    });
    expect(email.subject).toBe('New consultation request: Lopez Family Foods LLC');
    expect(email.text).toContain(
      'Ana Lopez <ana@lopezfoods.com> completed a consultation request for Lopez Family Foods LLC (Casa Lopez), Denver, CO.',
    );
    expect(email.text).toContain('Files: 3 photos, 0 videos, 1 document.');
    expectSupportFooter(email);
  });

  it("gives the owner the admin's response about their business", () => {
    const email = renderConsultationResponseEmail({
      ownerName: 'Ana Lopez',
      businessName: 'Lopez Family Foods LLC',
      consultationResponse: 'Move the host stand.\n\nLight the menu board.',
      settings,
    });
    expect(email.subject).toBe('Your consultation for Lopez Family Foods LLC is ready');
    expect(email.text).toContain(
      'We reviewed what you sent us about Lopez Family Foods LLC. Here is our response:\n\nMove the host stand.\n\nLight the menu board.\n',
    );
  });

  it('sends the looked-up links, newest first, with their expiry', () => {
    const now = new Date('2031-05-04T09:00:00.000Z');
    const expiresAt = new Date(now.getTime() + DAY).toISOString();
    const email = sentAt(
      renderConsultationAddFilesLinkEmail({
        links: [
          { businessName: 'Lopez Family Foods LLC', token: 'newest', expiresAt },
          { businessName: 'Casa Lopez Two', token: 'older', expiresAt },
        ],
        settings,
      }),
      now,
    );
    expect(email.text).toContain(
      'asked to add files to the consultation request for Lopez Family Foods LLC sent from this address.',
    );
    expect(email.text).toContain(
      'Another request from this address, Casa Lopez Two: https://site.example/additional-upload?token=older',
    );
    expect(email.text).toContain('The link expires in 24 hours.');
  });

  it('passes a contact message to support', () => {
    const email = renderContactMessageEmail({
      firstName: 'Ana',
      lastName: 'Lopez',
      email: 'ana@lopezfoods.com',
      phone: null,
      restaurantName: 'Casa Lopez',
      subject: 'pricing',
      message: 'Do you offer a payment plan?',
      settings,
    });
    expect(email.subject).toBe('Contact form (pricing): Ana Lopez');
    expect(email.text).toContain('From: Ana Lopez <ana@lopezfoods.com>');
    expect(email.text).toContain('Phone: — · Restaurant: Casa Lopez · Topic: pricing');
    expectSupportFooter(email);
  });
});

describe('the call invitation', () => {
  it('names an owner whose name holds quotes in a parameter calendars can read', () => {
    const { content } = callCalendar({
      call: {
        bookingId: '0b6f5f9e-3c43-4f55-9a55-6d1a4a1f4f10',
        submissionId: 'submission-1',
        email: 'pepe@bistro.example',
        ownerName: 'José "Pepe" García',
        businessName: 'Bistro "Le Chat"',
        startsAt: '2026-12-10T20:00:00.000Z',
        endsAt: '2026-12-10T20:30:00.000Z',
        ownerTimeZone: 'America/New_York',
        adminTimeZone: 'America/Denver',
        sequence: 0,
        changedAt: '2026-12-01T00:00:00.000Z',
      },
      change: 'booked',
      organizer: 'help@site.example',
      settings,
    });
    const attendee = content
      .replace(/\r?\n[ \t]/g, '')
      .split(/\r?\n/)
      .find((line) => line.startsWith('ATTENDEE'));
    // RFC 5545: a quoted parameter value holds no DQUOTE, escaped or not.
    expect(attendee).toMatch(/;CN="[^"]*":mailto:pepe@bistro\.example$/);
    expect(attendee).toContain('CN="José \'Pepe\' García"');
  });
});
