/**
 * A person's data in the consultation service (docs/behaviour/accounts.md#your-data-export-and-deletion;
 * docs/decisions.md, 102–103): the export holds their request with its files, the thread and the files on
 * the admin's answers, and their booked calls; `auth.account.deleted` removes all of it, the stored files
 * too, once however often it arrives, and leaves another owner's request alone.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { PersonalDataPartSchema, type ConsultationMessage } from '@platform/contracts';
import { erasePersonalData } from '@platform/service-kit/personal-data';
import { envelope, interleave } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { callBookings, messageFiles, outboxEvents, submissionFiles, submissions } from '../../db/schema.js';
import { consultationPersonalData } from '../personal-data.js';
import { png } from '../../__tests__/fixtures.js';
import {
  admin,
  backings,
  sendStepOne,
  useConsultation,
  user,
  type UserCaller,
} from '../../__tests__/harness.js';

describe.each(backings())('personal data in consultation on $name', (factory) => {
  const app = useConsultation(factory);

  /** A request of `owner`'s, the admin's answer to it with an annotated photo, and a call booked. */
  async function ownerWithThread(owner: UserCaller) {
    const { submissionId } = await sendStepOne(app, owner);
    const form = new FormData();
    form.append('body', 'Here is the patio, annotated.');
    form.append('files', new Blob([png(32, 24)], { type: 'image/png' }), 'patio.png');
    const sent = await app.requestAs(admin(), `/api/admin/consultations/${submissionId}/messages`, {
      method: 'POST',
      body: form,
    });
    expect(sent.status).toBe(201);
    const message = (await sent.json()) as ConsultationMessage;
    const [file] = await app.service.deps.db
      .select()
      .from(messageFiles)
      .where(eq(messageFiles.messageId, message.id));
    const startsAt = new Date(Date.UTC(2031, 0, 1 + Math.floor(Math.random() * 3000), 15));
    await app.service.deps.db.insert(callBookings).values({
      id: randomUUID(),
      submissionId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      status: 'booked',
      ownerTimeZone: 'Europe/Lisbon',
      adminTimeZone: 'America/Denver',
      bookedByUserId: owner.userId,
      createdAt: new Date(),
    });
    return { submissionId, message, objectKey: file!.objectKey };
  }

  const exportOf = async (owner: UserCaller) => {
    const query = new URLSearchParams({ userId: owner.userId, email: owner.email });
    const answer = await app.requestAs(owner, `/internal/personal-data?${query.toString()}`);
    expect(answer.status).toBe(200);
    return PersonalDataPartSchema.parse(await answer.json());
  };

  it("exports and erases the files on the admin's answers and the booked calls, stored files included", async () => {
    const owner = user({ email: `owner-${randomUUID().slice(0, 8)}@corner-cafe.com` });
    const other = user({ email: `other-${randomUUID().slice(0, 8)}@corner-cafe.com` });
    const mine = await ownerWithThread(owner);
    const theirs = await ownerWithThread(other);

    const part = await exportOf(owner);
    expect(part.tables.consultation_message_files).toEqual([
      expect.objectContaining({ messageId: mine.message.id, originalName: 'patio.png' }),
    ]);
    expect(part.tables.call_bookings).toEqual([
      expect.objectContaining({ submissionId: mine.submissionId, status: 'booked' }),
    ]);
    expect(part.files).toContainEqual({
      key: mine.objectKey,
      name: expect.stringMatching(new RegExp(`^consultation/${mine.message.id}/.+-patio\\.png$`)),
    });

    const store = app.service.deps.store!;
    expect(await store.stat(mine.objectKey)).not.toBeNull();
    const deleted = envelope('auth.account.deleted', {
      userId: owner.userId,
      email: owner.email,
      deletedAt: new Date().toISOString(),
      by: 'self',
    });
    await app.deliver(deleted);
    await app.deliver(deleted);

    expect(await store.stat(mine.objectKey)).toBeNull();
    const left = await exportOf(owner);
    expect(left.files).toEqual([]);
    expect(Object.values(left.tables).flat()).toEqual([]);
    // The other owner's request, answer, file and call are untouched.
    expect(await store.stat(theirs.objectKey)).not.toBeNull();
    const kept = await exportOf(other);
    expect(kept.tables.consultation_message_files).toHaveLength(1);
    expect(kept.tables.call_bookings).toHaveLength(1);
    expect(
      await app.service.deps.db.select().from(submissions).where(eq(submissions.id, theirs.submissionId)),
    ).toHaveLength(1);
  });

  // A file being recorded for the owner's request at the moment their account is erased (a replica still
  // receiving their upload): its key is among those erased, so its stored object goes too. PostgreSQL
  // only: PGlite runs one transaction at a time, so nothing there can interleave (CI runs it on PostgreSQL).
  if (factory.name.startsWith('PostgreSQL')) {
    it('erases the file of an upload recorded while the account is being erased', async () => {
      const owner = user({ email: `owner-${randomUUID().slice(0, 8)}@corner-cafe.com` });
      const { submissionId } = await sendStepOne(app, owner);
      const objectKey = `consultations/${submissionId}/${randomUUID()}-menu.pdf`;
      let erasedKeys: string[] = [];
      await interleave(
        app.service.deps.db,
        (tx) =>
          tx.insert(submissionFiles).values({
            id: `cf-${randomUUID().replaceAll('-', '')}`,
            submissionId,
            kind: 'documents',
            objectKey,
            originalName: 'menu.pdf',
            contentType: 'application/pdf',
            size: 1234,
          }),
        async (tx) => {
          erasedKeys = await erasePersonalData(tx, consultationPersonalData, owner, outboxEvents);
        },
      );
      expect(erasedKeys).toContain(objectKey);
      expect(
        await app.service.deps.db.select().from(submissions).where(eq(submissions.id, submissionId)),
      ).toEqual([]);
    });
  }
});
