/**
 * Certificates through the real service (docs/behaviour/member-learning.md#certificates): finishing every
 * section issues one certificate (the last two sections finished at once still issue exactly one, with one
 * event for its e-mail, carrying the PDF the download gives), in the learner's name as auth announced it; anyone verifies it by its id (name,
 * course and date only), unknown and malformed ids answer 404; the PDF is its learner's alone and prints
 * the name, the course, the date, the id and the verification address.
 */
import { describe, expect, it } from '@jest/globals';
import {
  CERTIFICATE_ID_PATTERN,
  CourseCertificateIssuedSchema,
  MyCertificateListSchema,
} from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import { drawnPdfText as drawnText, envelope } from '@platform/service-kit/testing';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { backings } from '../../__tests__/harness.js';
import { certificates } from '../../db/schema.js';
import { granted, json, user, type User, useSeededCourse } from '../../learning/__tests__/fixtures.js';

const ENROLLED_AT = new Date('2030-03-04T08:00:00.000Z');
const BASE_URL = 'https://learn.example.com';

function registered(of: User, firstName: string, lastName: string) {
  const data = { userId: of.userId, email: of.email, firstName, lastName };
  return envelope('auth.user.registered', data, { occurredAt: ENROLLED_AT });
}

describe.each(backings())('certificates on $name', (factory) => {
  const { course, outline, clock, enrol } = useSeededCourse(factory, {
    at: ENROLLED_AT,
    env: { PUBLIC_BASE_URL: BASE_URL },
  });

  const complete = (member: User, moduleId: number) =>
    course.requestAs(member, `/api/modules/${moduleId}/complete`, { method: 'POST' });

  async function issuedEvents(userId: string) {
    return (await course.events('course.certificate.issued'))
      .map((row) => CourseCertificateIssuedSchema.parse(row.data))
      .filter((e) => e.userId === userId);
  }

  it('issues one certificate when the last sections finish at once, verifiable by anyone', async () => {
    clock.set(ENROLLED_AT);
    const member = user();
    await course.deliver(registered(member, 'Zoë', 'Ávila-Nuñez'));
    await course.deliver(granted(member, [outline.courseId], ENROLLED_AT, { firstName: 'Zoë' }));
    const finishedAt = new Date(ENROLLED_AT.getTime() + 9 * DAY);
    clock.set(finishedAt);
    const sections = outline.sections;
    for (const section of sections.slice(0, -2))
      expect((await complete(member, section.id)).status).toBe(200);
    expect(
      MyCertificateListSchema.parse(await json(await course.requestAs(member, '/api/certificates'))),
    ).toEqual([]);
    const last = await Promise.all(sections.slice(-2).map((section) => complete(member, section.id)));
    expect(last.map((response) => response.status)).toEqual([200, 200]);

    const mine = MyCertificateListSchema.parse(
      await json(await course.requestAs(member, '/api/certificates')),
    );
    expect(mine).toHaveLength(1);
    const certificate = mine[0]!;
    expect(certificate).toMatchObject({
      courseId: outline.courseId,
      learnerName: 'Zoë Ávila-Nuñez',
      issuedAt: finishedAt.toISOString(),
    });
    expect(certificate.id).toMatch(CERTIFICATE_ID_PATTERN);

    // One e-mail's worth of event, whatever finished it.
    const events = await issuedEvents(member.userId);
    expect(events).toEqual([
      {
        certificateId: certificate.id,
        userId: member.userId,
        email: member.email,
        learnerName: 'Zoë Ávila-Nuñez',
        courseTitle: certificate.courseTitle,
        issuedAt: finishedAt.toISOString(),
        certificatePdf: expect.any(String),
      },
    ]);
    // The e-mail carries the very file the dashboard downloads, well under a NATS message's 1 MB.
    const download = await course.requestAs(member, `/api/certificates/${certificate.id}/pdf`);
    expect(download.status).toBe(200);
    const downloaded = Buffer.from(await download.arrayBuffer());
    const carried = Buffer.from(events[0]!.certificatePdf!, 'base64');
    expect(carried.subarray(0, 5).toString()).toBe('%PDF-');
    expect(carried.equals(downloaded)).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(events[0]))).toBeLessThan(64 * 1024);

    // The public check: name, course and date, nothing else.
    const verified = await course.request(`/api/certificates/${certificate.id}`);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({
      learnerName: 'Zoë Ávila-Nuñez',
      courseTitle: certificate.courseTitle,
      issuedAt: finishedAt.toISOString(),
    });

    // Finishing again (a section marked twice) issues nothing more.
    expect((await complete(member, sections.at(-1)!.id)).status).toBe(200);
    expect(await issuedEvents(member.userId)).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed id, and keeps the PDF for its learner', async () => {
    clock.set(ENROLLED_AT);
    const member = await enrol();
    clock.set(new Date(ENROLLED_AT.getTime() + 8 * DAY));
    for (const section of outline.sections) expect((await complete(member, section.id)).status).toBe(200);
    const [row] = await course.service.deps.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.userId, member.userId), eq(certificates.courseId, outline.courseId)));
    expect(row).toBeDefined();
    // Auth never named this account: the certificate carries the first name the purchase gave.
    expect(row!.learnerName).toBe('Ana');

    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', `${row!.id}x`, '..%2F..%2Fetc']) {
      const answer = await course.request(`/api/certificates/${id}`);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ message: 'Certificate not found' });
    }

    expect((await course.request(`/api/certificates/${row!.id}/pdf`)).status).toBe(401);
    // A signed-out browser following the e-mail's link is sent to sign in, told why.
    const navigated = await course.request(`/api/certificates/${row!.id}/pdf`, {
      headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      redirect: 'manual',
    });
    expect(navigated.status).toBe(303);
    expect(navigated.headers.get('location')).toBe('/login?for=certificate');
    expect((await course.requestAs(user(), `/api/certificates/${row!.id}/pdf`)).status).toBe(404);
    const pdf = await course.requestAs(member, `/api/certificates/${row!.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="certificate-${row!.id}.pdf"`);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    const document = await PDFDocument.load(bytes);
    expect(document.getPageCount()).toBe(1);
    expect(document.getTitle()).toBe(`Certificate of Completion: ${row!.courseTitle}`);
    const text = drawnText(bytes);
    expect(text).toContain('Ana');
    expect(text).toContain(row!.courseTitle);
    expect(text).toContain('on March 12, 2030');
    expect(text).toContain(`Certificate ID: ${row!.id}`);
    expect(text).toContain(`Verify it at ${BASE_URL}/certificates/${row!.id}`);
    // The admin may download any.
    expect((await course.requestAs(user('admin'), `/api/certificates/${row!.id}/pdf`)).status).toBe(200);
  });

  it('issues nothing to the admin previewing, nor before the last section', async () => {
    clock.set(ENROLLED_AT);
    const member = await enrol();
    clock.set(new Date(ENROLLED_AT.getTime() + 8 * DAY));
    for (const section of outline.sections.slice(0, -1)) await complete(member, section.id);
    const admin = user('admin');
    for (const section of outline.sections) expect((await complete(admin, section.id)).status).toBe(200);
    expect(await issuedEvents(member.userId)).toEqual([]);
    expect(await issuedEvents(admin.userId)).toEqual([]);
  });
});
