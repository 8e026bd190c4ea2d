/**
 * The course's e-mails to learners over a real SMTP peer (docs/behaviour/member-learning.md#e-mails): a
 * certificate issued → one e-mail to the learner, its PDF attached (when the event carries it), with the
 * download and verification links; a question answered → the asker, with both texts, escaped in HTML, and
 * the lesson's link; a staff seat's account prepared → the invitee, with the set-password link or the
 * sign-in page; each once per event.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { backings, envelope } from '../../__tests__/harness.js';
import { useMailSuite } from '../../__tests__/mail-suite.js';

const BASE_URL = 'https://learn.example.com';

describe.each(backings())('learning e-mails over SMTP on $name', (factory) => {
  const { peer, notification, sendTwice, sendOnce } = useMailSuite(factory, { PUBLIC_BASE_URL: BASE_URL });

  it('sends the certificate once, its PDF attached, with the download and the public verification links', async () => {
    const certificateId = randomBytes(16).toString('base64url');
    const email = `learner-${randomBytes(3).toString('hex')}@example.com`;
    const pdf = Buffer.from('%PDF-1.7 the certificate');
    const event = envelope('course.certificate.issued', {
      certificateId,
      userId: randomUUID(),
      email,
      learnerName: 'Zoë <i>Ávila</i>',
      courseTitle: 'Restaurant Management Mastery',
      issuedAt: '2030-03-13T08:00:00.000Z',
      certificatePdf: pdf.toString('base64'),
    });
    const [mail] = await sendTwice(event);
    expect(mail!.recipients).toEqual([email]);
    expect(mail!.parsed.subject).toBe('Your certificate: Restaurant Management Mastery');
    expect(mail!.parsed.text).toContain('Hi Zoë,');
    expect(mail!.parsed.text).toContain(`${BASE_URL}/api/certificates/${certificateId}/pdf`);
    expect(mail!.parsed.text).toContain(`${BASE_URL}/certificates/${certificateId}`);
    expect(String(mail!.parsed.html)).toContain(`href="${BASE_URL}/api/certificates/${certificateId}/pdf"`);
    expect(String(mail!.parsed.html)).not.toContain('<i>');
    expect(mail!.parsed.text).toContain('Your certificate is attached to this e-mail as a PDF.');
    expect(mail!.parsed.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: `certificate-${certificateId}.pdf`, contentType: 'application/pdf' },
    ]);
    expect(mail!.parsed.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(mail!.parsed.attachments[0]!.content.equals(pdf)).toBe(true);
    const settled = await notification.settledMessagesFor(event.id);
    expect(settled).toEqual([expect.objectContaining({ template: 'certificate-issued', status: 'sent' })]);
    expect(peer.received).toHaveLength(1);
  });

  it('sends a certificate issued before the event carried its PDF with the links alone', async () => {
    const certificateId = randomBytes(16).toString('base64url');
    const event = envelope('course.certificate.issued', {
      certificateId,
      userId: randomUUID(),
      email: `learner-${randomBytes(3).toString('hex')}@example.com`,
      learnerName: 'Ana Ruiz',
      courseTitle: 'Restaurant Management Mastery',
      issuedAt: '2030-03-13T08:00:00.000Z',
    });
    const [mail] = await sendOnce(event);
    expect(mail!.parsed.attachments).toEqual([]);
    expect(mail!.parsed.text).toContain('Download the PDF from your dashboard (sign in first)');
    expect(mail!.parsed.text).not.toContain('attached');
    expect(mail!.parsed.text).toContain(`${BASE_URL}/api/certificates/${certificateId}/pdf`);
  });

  it('sends the answer to the member who asked, both texts kept as plain text', async () => {
    const email = `asker-${randomBytes(3).toString('hex')}@example.com`;
    const event = envelope('course.question.answered', {
      questionId: randomUUID(),
      userId: randomUUID(),
      email,
      lessonId: 12,
      lessonTitle: 'Table turns',
      question: 'How many covers?\n<b>per server</b>',
      answer: 'Two tables each.\n\nMore on <script>Friday</script>.',
      answeredAt: '2030-05-06T10:00:00.000Z',
    });
    const [mail] = await sendTwice(event);
    expect(mail!.recipients).toEqual([email]);
    expect(mail!.parsed.subject).toBe('Your question about “Table turns” was answered');
    expect(mail!.parsed.text).toContain('“How many covers?”');
    expect(mail!.parsed.text).toContain('Two tables each.');
    expect(mail!.parsed.text).toContain(`${BASE_URL}/lessons/12`);
    expect(String(mail!.parsed.html)).toContain('&lt;script&gt;Friday&lt;/script&gt;');
    expect(String(mail!.parsed.html)).not.toContain('<script>');
    expect(String(mail!.parsed.html)).not.toContain('<b>per server</b>');
    const settled = await notification.settledMessagesFor(event.id);
    expect(settled).toEqual([expect.objectContaining({ template: 'question-answered', status: 'sent' })]);
    expect(peer.received).toHaveLength(1);
  });

  it('invites a staff member once: a new account gets its set-password link, an existing one the sign-in page', async () => {
    const email = `chef-${randomBytes(3).toString('hex')}@example.com`;
    const fresh = envelope('auth.team-member.prepared', {
      seatId: randomUUID(),
      ownerId: randomUUID(),
      ownerName: 'Ana <b>Owner</b>',
      userId: randomUUID(),
      email,
      isNewAccount: true,
      setPassword: { token: 'tok_en-1', expiresAt: '2030-03-20T08:00:00.000Z' },
      preparedAt: '2030-03-13T08:00:00.000Z',
    });
    const [mail] = await sendTwice(fresh);
    expect(mail!.recipients).toEqual([email]);
    expect(mail!.parsed.subject).toBe('Ana <b>Owner</b> invited you to the restaurant management course');
    expect(mail!.parsed.text).toContain(`${BASE_URL}/setup-password?token=tok_en-1`);
    expect(String(mail!.parsed.html)).not.toContain('<b>Owner</b>');
    expect(await notification.settledMessagesFor(fresh.id)).toEqual([
      expect.objectContaining({
        template: 'team-invitation',
        status: 'sent',
        linkExpiresAt: new Date('2030-03-20T08:00:00.000Z'),
      }),
    ]);

    const existing = envelope('auth.team-member.prepared', {
      ...fresh.data,
      seatId: randomUUID(),
      ownerName: '',
      isNewAccount: false,
      setPassword: null,
    });
    await notification.publish(existing);
    const [, second] = await peer.waitForMail(2);
    expect(second!.parsed.subject).toBe('Your restaurant invited you to the restaurant management course');
    expect(second!.parsed.text).toContain(`${BASE_URL}/login`);
    expect(second!.parsed.text).not.toContain('setup-password');
    expect(await notification.settledMessagesFor(existing.id)).toEqual([
      expect.objectContaining({ template: 'team-invitation', linkExpiresAt: null }),
    ]);
    expect(peer.received).toHaveLength(2);
  });
});
