/** The consultation service's tables, all inside its own Postgres schema `consultation`. */
import { rowTimestampColumns, timestamptz } from '@platform/service-kit/columns';
import { createServiceSchema, storedFileColumns } from '@platform/service-kit/tables';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, text, uuid } from 'drizzle-orm/pg-core';
// The call tables' (docs/decisions.md, 108).
import { integer, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  CALL_BOOKING_STATUSES,
  CONSULTATION_FILE_KINDS,
  CONSULTATION_MESSAGE_AUTHORS,
  CONSULTATION_STATUSES,
  type CallWindow,
} from '@platform/contracts';

/**
 * The schema with the kit's outbox and inbox, the periodic jobs' schedule and claims (the kit's cleanup of
 * expired request-limit counters), and the request limits' counters (the kit's request limits), shared by
 * every replica.
 */
const kit = createServiceSchema('consultation', { jobs: true, rateLimits: true });
export const { schema: consultationSchema, outboxEvents, inboxEvents, jobs, rateLimits } = kit;

/**
 * consultation_submissions. `id` is 24 random base64url characters (docs/decisions.md, 16); the step-1
 * upload token is kept only as its SHA-256. The submission's file lists are views of `files`.
 * `client_request_id` is the id the page gave step 1 (docs/decisions.md, 119): sent again, it is one
 * submission.
 */
export const submissions = consultationSchema.table(
  'consultation_submissions',
  {
    id: text('id').primaryKey(),
    /** The signed-in caller at step 1; null for visitors (auth matches them by e-mail from the events). */
    userId: text('user_id'),
    businessName: text('business_name').notNull(),
    ownerName: text('owner_name').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    phone: text('phone'),
    restaurantName: text('restaurant_name').notNull(),
    restaurantPhone: text('restaurant_phone'),
    location: text('location').notNull(),
    currentChallenges: text('current_challenges').notNull(),
    consultationGoals: text('consultation_goals').notNull(),
    status: text('status', { enum: CONSULTATION_STATUSES }).notNull().default('pending'),
    uploadTokenHash: text('upload_token_hash').notNull().unique(),
    /** The `requestId` step 1 was sent with; null when sent without one. */
    clientRequestId: uuid('client_request_id'),
    submittedAt: timestamptz('submitted_at').notNull(),
    /** The owner pressed 'Complete Submission & Send Confirmation'. */
    confirmedAt: timestamptz('confirmed_at'),
    reviewedAt: timestamptz('reviewed_at'),
    completedAt: timestamptz('completed_at'),
    adminNotes: text('admin_notes'),
    consultationResponse: text('consultation_response'),
    responseFiles: jsonb('response_files').$type<string[]>().notNull().default([]),
    ...rowTimestampColumns(),
  },
  (table) => [
    index('consultation_submissions_email_idx').on(table.email),
    index('consultation_submissions_user_idx').on(table.userId),
    index('consultation_submissions_submitted_idx').on(table.submittedAt),
    uniqueIndex('consultation_submissions_client_request_key').on(table.clientRequestId),
  ],
);

/** The submission a row belongs to; the row goes with it. */
function submissionColumn() {
  return text('submission_id')
    .notNull()
    .references(() => submissions.id, { onDelete: 'cascade' });
}

/** One stored file of a submission; the bytes live in the object store under a random key. */
export const submissionFiles = consultationSchema.table(
  'consultation_files',
  {
    id: text('id').primaryKey(),
    submissionId: submissionColumn(),
    kind: text('kind', { enum: CONSULTATION_FILE_KINDS }).notNull(),
    objectKey: text('object_key').notNull().unique(),
    ...storedFileColumns(),
    /** The id the browser gave the file (`UPLOAD_FILE_ID_FIELD`): sent again, it is recorded once. */
    clientFileId: text('client_file_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('consultation_files_submission_idx').on(table.submissionId, table.createdAt),
    uniqueIndex('consultation_files_client_file_key').on(table.submissionId, table.clientFileId),
    check('consultation_files_size_nonnegative', sql`${table.size} >= 0`),
  ],
);

/**
 * Tokens of e-mailed links (SHA-256 only), each for one submission: `/additional-upload?token=` (completion,
 * lookup) and the 'Continue Later' link `/consultation?token=` (continue); and the upload token given to
 * step 1 sent again (resend), since the first one is kept only as its hash.
 */
export const addFilesLinks = consultationSchema.table(
  'add_files_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    submissionId: submissionColumn(),
    purpose: text('purpose', { enum: ['completion', 'lookup', 'continue', 'resend'] }).notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('add_files_links_submission_idx').on(table.submissionId)],
);

/**
 * consultation_messages (docs/decisions.md, 97): the thread between the owner and the admin on a
 * submission, oldest first by `created_at` then `id`. `author_user_id` is who wrote it (audit only).
 */
export const submissionMessages = consultationSchema.table(
  'consultation_messages',
  {
    id: uuid('id').primaryKey(),
    submissionId: submissionColumn(),
    author: text('author', { enum: CONSULTATION_MESSAGE_AUTHORS }).notNull(),
    authorUserId: text('author_user_id').notNull(),
    body: text('body').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('consultation_messages_submission_idx').on(table.submissionId, table.createdAt)],
);

/**
 * consultation_message_files (docs/decisions.md, 107): the files on an admin's message, stored with the
 * submission files' object store under a random key, served only to the submission's owner and admins.
 */
export const messageFiles = consultationSchema.table(
  'consultation_message_files',
  {
    id: text('id').primaryKey(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => submissionMessages.id, { onDelete: 'cascade' }),
    objectKey: text('object_key').notNull().unique(),
    ...storedFileColumns(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('consultation_message_files_message_idx').on(table.messageId, table.createdAt),
    check('consultation_message_files_size_nonnegative', sql`${table.size} >= 0`),
  ],
);

/**
 * call_availability (docs/decisions.md, 108): the admin's published week, one row (`id` 'weekly'): the
 * time ranges per ISO weekday in the admin's IANA zone and the length of a call. Booking locks this row,
 * so bookings are decided one at a time.
 */
export const callAvailability = consultationSchema.table('call_availability', {
  id: text('id').primaryKey(),
  timeZone: text('time_zone').notNull(),
  slotMinutes: integer('slot_minutes').notNull(),
  windows: jsonb('windows').$type<CallWindow[]>().notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

/**
 * call_bookings (docs/decisions.md, 108): a call an owner booked for a submission. At most one live
 * booking starts at an instant and at most one is live per submission (partial unique indexes); a
 * cancelled row stays, so its invitation can be withdrawn and the slot booked again.
 */
export const callBookings = consultationSchema.table(
  'call_bookings',
  {
    id: uuid('id').primaryKey(),
    submissionId: submissionColumn(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    status: text('status', { enum: CALL_BOOKING_STATUSES }).notNull(),
    ownerTimeZone: text('owner_time_zone').notNull(),
    adminTimeZone: text('admin_time_zone').notNull(),
    bookedByUserId: text('booked_by_user_id').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    cancelledAt: timestamptz('cancelled_at'),
  },
  (table) => [
    uniqueIndex('call_bookings_live_slot_unique')
      .on(table.startsAt)
      .where(sql`${table.status} = 'booked'`),
    uniqueIndex('call_bookings_live_submission_unique')
      .on(table.submissionId)
      .where(sql`${table.status} = 'booked'`),
    check('call_bookings_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/** contact_submissions (docs/decisions.md, 22): the contact page's form. `name` is first + last name. */
export const contactSubmissions = consultationSchema.table('contact_submissions', {
  id: uuid('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  restaurantName: text('restaurant_name'),
  /** The topic (the reference's serviceInterest). */
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  submittedAt: timestamptz('submitted_at').notNull(),
});
