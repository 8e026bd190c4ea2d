/** The course service's tables, all inside its own Postgres schema `course`. */
import { timestamptz, workItemColumns } from '@platform/service-kit/columns';
import { createServiceSchema } from '@platform/service-kit/tables';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  doublePrecision,
  integer,
  jsonb,
  serial,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The schema with the kit's outbox and inbox, the periodic jobs' schedule (the sweep of expired resumable
 * uploads) and the request limits' counters.
 */
const kit = createServiceSchema('course', { jobs: true, rateLimits: true });
export const { schema: courseSchema, outboxEvents, inboxEvents, jobs, rateLimits } = kit;

const timestamps = {
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const courses = courseSchema.table(
  'courses',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    thumbnail: text('thumbnail'),
    difficulty: text('difficulty').notNull().default('beginner'),
    /** Cents. */
    price: integer('price').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(false),
    ...timestamps,
  },
  (table) => [check('courses_price_nonnegative', sql`${table.price} >= 0`)],
);

/** The course a row belongs to; the row goes with it. */
function courseColumn() {
  return integer('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' });
}

/** A course's sections ("modules"), released `available_after_days` after enrolment. */
/**
 * The studio's id of the creation that made the row (`requestId`, docs/behaviour/course-studio.md#api-calls)
 * and a digest of what that creation asked: the same id sent again answers this row instead of adding one.
 */
function creationColumns() {
  return {
    creationRequestId: uuid('creation_request_id'),
    creationFingerprint: text('creation_fingerprint'),
  };
}

export const courseModules = courseSchema.table(
  'course_modules',
  {
    id: serial('id').primaryKey(),
    courseId: courseColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    orderIndex: integer('order_index').notNull(),
    availableAfterDays: integer('available_after_days').notNull().default(0),
    /** A draft section is edited in the studio but shown to nobody else (nor counted in the catalogue). */
    isPublished: boolean('is_published').notNull().default(true),
    /**
     * Bumped by each studio save of the section's own fields (not by a reorder): a save names the version it
     * was made from and is refused when another came first (docs/behaviour/course-studio.md#course-editor).
     */
    version: integer('version').notNull().default(1),
    ...creationColumns(),
    ...timestamps,
  },
  (table) => [
    unique('course_modules_course_order_unique').on(table.courseId, table.orderIndex),
    unique('course_modules_creation_request_unique').on(table.creationRequestId),
    check('course_modules_available_after_days_nonnegative', sql`${table.availableAfterDays} >= 0`),
  ],
);

/** The section a row belongs to; the row goes with it. */
function moduleColumn() {
  return integer('module_id')
    .notNull()
    .references(() => courseModules.id, { onDelete: 'cascade' });
}

export const courseLessons = courseSchema.table(
  'course_lessons',
  {
    id: serial('id').primaryKey(),
    moduleId: moduleColumn(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    /** A file name in the object store under `course-media/`, or a video-host link (YouTube). */
    videoUrl: text('video_url'),
    /** A WebVTT file name under `course-media/` with the video's captions, served like the video. */
    captionsFile: text('captions_file'),
    orderIndex: integer('order_index').notNull(),
    estimatedMinutes: integer('estimated_minutes'),
    /** Minutes, possibly fractional; 0 for a document. */
    duration: doublePrecision('duration').notNull().default(0),
    isFree: boolean('is_free').notNull().default(false),
    keyPoints: jsonb('key_points').$type<string[]>().notNull().default([]),
    /** A draft lesson is edited in the studio but shown to nobody else (nor counted in the catalogue). */
    isPublished: boolean('is_published').notNull().default(true),
    /** The HLS master playlist (`course-media/hls/<lesson>/<rendition set>/master.m3u8`) once transcoded. */
    hlsUrl: text('hls_url'),
    /** A poster frame under `course-media/`, taken from the video when it is transcoded. */
    posterUrl: text('poster_url'),
    /**
     * Bumped by each studio save of the lesson's own fields (not by a reorder or a transcode): a save names the
     * version it was made from and is refused when another came first (docs/behaviour/course-studio.md#course-editor).
     */
    version: integer('version').notNull().default(1),
    ...creationColumns(),
    ...timestamps,
  },
  (table) => [
    unique('course_lessons_module_order_unique').on(table.moduleId, table.orderIndex),
    unique('course_lessons_creation_request_unique').on(table.creationRequestId),
    check('course_lessons_duration_nonnegative', sql`${table.duration} >= 0`),
  ],
);

/** The lesson a row belongs to; the row goes with it. */
function lessonColumn() {
  return integer('lesson_id')
    .notNull()
    .references(() => courseLessons.id, { onDelete: 'cascade' });
}

/** The services catalogue; checkout prices every order from here (never from the browser). */
export const products = courseSchema.table(
  'products',
  {
    /** Slug, e.g. `restaurant-consultation`. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Cents; 0 means included with another product. */
    price: integer('price').notNull(),
    /** List price in cents, struck through in the cart. */
    compareAtPrice: integer('compare_at_price'),
    category: text('category').notNull(),
    image: text('image').notNull(),
    /** The course that buying this product grants, if any. */
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    badge: text('badge'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Shown on /services (`GET /api/products`). Unlisted products (the pricing programmes, the membership
     * plans) are sold only through their own pages, but are priced and published like every other.
     */
    listed: boolean('listed').notNull().default(true),
    /**
     * A recurring product (the membership plans) bills every `billingIntervalCount` `billingInterval`s;
     * both null for a one-time product. Stripe sells it as a subscription; other providers as one payment.
     */
    billingInterval: text('billing_interval', { enum: ['month', 'year'] }),
    billingIntervalCount: integer('billing_interval_count'),
    ...timestamps,
  },
  (table) => [
    check('products_id_slug', sql`${table.id} ~ '^[a-z0-9-]+$'`),
    check(
      'products_billing_interval_valid',
      sql`(${table.billingInterval} is null and ${table.billingIntervalCount} is null) or (${table.billingInterval} is not null and ${table.billingIntervalCount} is not null and ${table.billingIntervalCount} >= 1)`,
    ),
    check('products_price_nonnegative', sql`${table.price} >= 0`),
    check('products_compare_at_price_nonnegative', sql`${table.compareAtPrice} >= 0`),
  ],
);

/** One row per seed applied, so a seed runs once per database however many replicas start. */
export const seeds = courseSchema.table('seeds', {
  name: text('name').primaryKey(),
  appliedAt: timestamptz('applied_at').notNull().defaultNow(),
});

/**
 * The catalogue's version: one row (`id` 1, absent until the first change), moved on in the transaction of
 * every change to what the public catalogue reads answer, so they can answer a revalidation (`304`) from
 * it without reading the catalogue (catalogue/catalogue-version.ts).
 */
export const catalogueVersion = courseSchema.table(
  'catalogue_version',
  {
    id: integer('id').primaryKey(),
    version: integer('version').notNull(),
  },
  (table) => [check('catalogue_version_one_row', sql`${table.id} = 1`)],
);

/**
 * A member's enrolment in a course plus the order that created it. One row per
 * (user, course): a refund withdraws it (`withdrawn_at`; withdrawn rows are never listed) and a later
 * purchase re-opens the same row. `user_id` is the auth service's user id (no foreign key across services).
 */
export const courseEnrollments = courseSchema.table(
  'course_enrollments',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').notNull(),
    courseId: courseColumn(),
    enrolledAt: timestamptz('enrolled_at').notNull(),
    completedAt: timestamptz('completed_at'),
    expiresAt: timestamptz('expires_at'),
    purchasedAt: timestamptz('purchased_at'),
    /** The order (payment service) that created or last re-opened it; null for one given otherwise. */
    orderId: uuid('order_id'),
    withdrawnAt: timestamptz('withdrawn_at'),
    /**
     * The payment plan (its order) whose overdue instalment paused this enrolment (`withdrawn_at` set);
     * paying it clears both, keeping the enrolment's dates (docs/behaviour/checkout-and-payments.md#payment-plan).
     */
    pausedByOrderId: uuid('paused_by_order_id'),
  },
  (table) => [
    unique('course_enrollments_user_course_unique').on(table.userId, table.courseId),
    index('course_enrollments_order_id_idx').on(table.orderId),
  ],
);

export type CourseEnrollmentRow = typeof courseEnrollments.$inferSelect;

/**
 * Which orders give a user a course (from `auth.member.granted` / `auth.member.revoked`): an enrolment is
 * withdrawn only when no unrevoked order gives that course any more, so refunding one of two purchases
 * keeps it. A revocation that overtakes its grant (separate consumers) leaves a revoked row with no
 * `granted_at`, and the late grant then enrols nobody.
 */
export const courseAccessGrants = courseSchema.table(
  'course_access_grants',
  {
    orderId: uuid('order_id').notNull(),
    courseId: integer('course_id').notNull(),
    userId: text('user_id').notNull(),
    grantedAt: timestamptz('granted_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [
    primaryKey({ name: 'course_access_grants_pkey', columns: [table.orderId, table.courseId] }),
    index('course_access_grants_user_course_idx').on(table.userId, table.courseId),
    check(
      'course_access_grants_granted_or_revoked',
      sql`${table.grantedAt} is not null or ${table.revokedAt} is not null`,
    ),
  ],
);

/**
 * A member's progress in one lesson: completion (never undone by a schedule change: a completed lesson
 * stays open) and the player's resume position, written every few seconds by `PUT /api/lessons/:id/progress`.
 */
export const lessonProgress = courseSchema.table(
  'lesson_progress',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').notNull(),
    lessonId: lessonColumn(),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamptz('completed_at'),
    /** Whole seconds into the lesson's video where the member left off. */
    positionSeconds: integer('position_seconds').notNull().default(0),
    lastAccessedAt: timestamptz('last_accessed_at').notNull(),
  },
  (table) => [
    unique('lesson_progress_user_lesson_unique').on(table.userId, table.lessonId),
    check('lesson_progress_position_nonnegative', sql`${table.positionSeconds} >= 0`),
  ],
);

export type LessonProgressRow = typeof lessonProgress.$inferSelect;

/** A member's completion of a section ("module"): by 'Mark Section Complete' or its last lesson. */
export const moduleProgress = courseSchema.table(
  'module_progress',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').notNull(),
    moduleId: moduleColumn(),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamptz('completed_at'),
    lastAccessedAt: timestamptz('last_accessed_at').notNull(),
  },
  (table) => [unique('module_progress_user_module_unique').on(table.userId, table.moduleId)],
);

export type ModuleProgressRow = typeof moduleProgress.$inferSelect;

/**
 * Projection of each user's plan and consultation status (`auth.user.status-changed`), for the rs_pending
 * rule (sections after the first wait for a submitted consultation). The newest change wins (the highest
 * `status_sequence`; for events without one, a strictly newer `changed_at`), so a late, older event never
 * overwrites a newer state. A user without a row is on the `regular` plan.
 */
export const memberPlanStatus = courseSchema.table('member_plan_status', {
  userId: text('user_id').primaryKey(),
  planStatus: text('plan_status').notNull(),
  consultationStatus: text('consultation_status').notNull(),
  changedAt: timestamptz('changed_at').notNull(),
  /** The `sequence` of the newest numbered event applied (0: none, only events sent before auth numbered them). */
  statusSequence: integer('status_sequence').notNull().default(0),
});

export type MemberPlanStatusRow = typeof memberPlanStatus.$inferSelect;

export const OWNER_STANDING_VALUES = ['current', 'overdue', 'blocked'] as const;

/**
 * Projection of each revenue-share owner's standing in the ledger (`revenue.customer.status-changed`), for
 * the block rule (no section opens while the owner is `blocked`; docs/decisions.md, 27). The highest
 * `sequence` wins. A user without a row is not blocked.
 */
export const ownerStanding = courseSchema.table('owner_standing', {
  userId: text('user_id').primaryKey(),
  status: text('status', { enum: OWNER_STANDING_VALUES }).notNull(),
  /** The `sequence` of the newest standing applied. */
  sequence: integer('sequence').notNull(),
  changedAt: timestamptz('changed_at').notNull(),
  /**
   * While `status` is `blocked`: when the block began (the `changed_at` of the change into it); sections
   * whose release came later stay locked. Null otherwise.
   */
  blockedSince: timestamptz('blocked_since'),
  /** Whether, when the block began, the sections after the first were still waiting for the consultation. */
  blockedBeforeConsultation: boolean('blocked_before_consultation').notNull().default(false),
});

export type OwnerStandingRow = typeof ownerStanding.$inferSelect;

/**
 * 'New Section Unlocked!' is shown once per section per member
 * (docs/behaviour/member-learning.md#new-section-notices): a row records that this member has been told about
 * this section, on whichever device, so no other device tells them again.
 */
export const sectionUnlockNotices = courseSchema.table(
  'section_unlock_notices',
  {
    userId: text('user_id').notNull(),
    moduleId: moduleColumn(),
    notifiedAt: timestamptz('notified_at').notNull(),
  },
  (table) => [primaryKey({ name: 'section_unlock_notices_pkey', columns: [table.userId, table.moduleId] })],
);

/**
 * Finished resumable lesson-video uploads (docs/behaviour/course-studio.md#uploads): which stored file each
 * tus upload became, so the course editor can ask again for what a lost final answer said.
 */
export const lessonUploads = courseSchema.table('lesson_uploads', {
  /** The tus upload id (the last segment of its `Location`). */
  id: text('id').primaryKey(),
  /** The admin who uploaded it. */
  uploadedBy: text('uploaded_by').notNull(),
  /** The lesson named in the upload's metadata, if any (not a reference: the lesson may go). */
  lessonId: integer('lesson_id'),
  originalName: text('original_name').notNull(),
  /** The stored file's name, under `course-media/` in the object store. */
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: doublePrecision('size').notNull(),
  finishedAt: timestamptz('finished_at').notNull(),
});

export type LessonUploadRow = typeof lessonUploads.$inferSelect;

/**
 * Transcoding work (a kit work queue, one item at a time): turning a lesson's uploaded video into HLS
 * renditions with a poster frame and its real duration.
 */
export const lessonTranscodes = courseSchema.table(
  'lesson_transcodes',
  {
    id: uuid('id').primaryKey(),
    lessonId: lessonColumn(),
    /** The source video's file name under `course-media/` (the lesson's `videoUrl` when queued). */
    sourceFile: text('source_file').notNull(),
    /** `queued` → `done`, or `failed` after the last attempt; `superseded` when a newer video replaced it. */
    status: text('status', { enum: ['queued', 'done', 'failed', 'superseded'] }).notNull(),
    /** 0–100 while running, for the studio. */
    progress: integer('progress').notNull().default(0),
    ...workItemColumns(),
    createdAt: timestamptz('created_at').notNull(),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [index('lesson_transcodes_lesson_idx').on(table.lessonId)],
);

export type LessonTranscodeRow = typeof lessonTranscodes.$inferSelect;

/**
 * Who each learner is, as the auth service announces them (`auth.user.registered`, `auth.member.granted`,
 * `auth.user.status-changed`): the name a certificate is issued to.
 */
export const learnerNames = courseSchema.table('learner_names', {
  userId: text('user_id').primaryKey(),
  /** The account's address as last announced (the admin's learner list); empty until an event gives it. */
  email: text('email').notNull().default(''),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull().default(''),
  updatedAt: timestamptz('updated_at').notNull(),
});

/**
 * A certificate of completion (docs/behaviour/member-learning.md#certificates): one per learner and course,
 * issued in the transaction that completes the course's last section. The id is 128 random bits
 * (base64url), so holding it is what lets anyone verify it. The name and title are kept as issued.
 */
export const certificates = courseSchema.table(
  'certificates',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    courseId: courseColumn(),
    learnerName: text('learner_name').notNull(),
    courseTitle: text('course_title').notNull(),
    issuedAt: timestamptz('issued_at').notNull(),
  },
  (table) => [unique('certificates_user_course_unique').on(table.userId, table.courseId)],
);

export type CertificateRow = typeof certificates.$inferSelect;

/**
 * A member's question under a lesson (docs/behaviour/member-learning.md#lesson-questions) and the admin's
 * answer. `is_published` shows the question and answer to every member of the lesson, without the asker.
 */
export const lessonQuestions = courseSchema.table(
  'lesson_questions',
  {
    id: uuid('id').primaryKey(),
    lessonId: lessonColumn(),
    userId: text('user_id').notNull(),
    /** Where the answer is e-mailed: the asker's address when they asked. */
    email: text('email').notNull(),
    body: text('body').notNull(),
    askedAt: timestamptz('asked_at').notNull(),
    answer: text('answer'),
    answeredAt: timestamptz('answered_at'),
    answeredBy: text('answered_by'),
    isPublished: boolean('is_published').notNull().default(false),
  },
  (table) => [
    index('lesson_questions_lesson_idx').on(table.lessonId),
    index('lesson_questions_open_idx')
      .on(table.askedAt)
      .where(sql`${table.answeredAt} is null`),
  ],
);

export type LessonQuestionRow = typeof lessonQuestions.$inferSelect;

/**
 * The admin's drip overrides for one learner (docs/behaviour/admin.md#learners; docs/decisions.md, 86), on
 * every course they are enrolled in: `unlocked_all_at` opens every section; `schedule_restarted_at` counts
 * the drip again from that moment (and clears an unlock). Completed sections and lessons stay open whatever
 * these say.
 */
export const learnerDrip = courseSchema.table('learner_drip', {
  userId: text('user_id').primaryKey(),
  unlockedAllAt: timestamptz('unlocked_all_at'),
  scheduleRestartedAt: timestamptz('schedule_restarted_at'),
});

export type LearnerDripRow = typeof learnerDrip.$inferSelect;

/** Every override the admin made, with the reason given: kept, never edited. */
export const dripOverrideLog = courseSchema.table(
  'drip_override_log',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id').notNull(),
    action: text('action', { enum: ['unlock_all', 'reset_progress'] }).notNull(),
    reason: text('reason').notNull(),
    adminId: text('admin_id').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('drip_override_log_user_idx').on(table.userId, table.createdAt)],
);

export type DripOverrideLogRow = typeof dripOverrideLog.$inferSelect;

/**
 * Every grant and revocation of a course by the admin (docs/behaviour/admin.md#customers; docs/decisions.md,
 * 100), with the reason given, who and when: appended in the transaction of the change, never edited.
 * A grant's id is also its access grant (`course_access_grants.order_id`), as a staff seat's is.
 */
export const customerAccessLog = courseSchema.table(
  'customer_access_log',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id').notNull(),
    courseId: integer('course_id').notNull(),
    action: text('action', { enum: ['grant', 'revoke'] }).notNull(),
    reason: text('reason').notNull(),
    adminId: text('admin_id').notNull(),
    adminEmail: text('admin_email').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('customer_access_log_user_idx').on(table.userId, table.createdAt),
    check('customer_access_log_action_known', sql`${table.action} in ('grant', 'revoke')`),
  ],
);

export type CustomerAccessLogRow = typeof customerAccessLog.$inferSelect;

export const TEAM_SEAT_ROW_STATUSES = ['invited', 'active', 'removed', 'ended'] as const;

/**
 * Staff seats (docs/behaviour/member-learning.md#team; docs/decisions.md, 94): an owner's invitation of one
 * e-mail address. `invited` until auth reports the account (`member_user_id`), then `active`; `removed` by
 * the owner, `ended` with the owner's access. The seat's id is the access grant (`course_access_grants.order_id`)
 * that enrols the member, so withdrawing the seat withdraws exactly what it gave. At most one open seat per
 * owner and address.
 */
export const teamSeats = courseSchema.table(
  'team_seats',
  {
    id: uuid('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    email: text('email').notNull(),
    status: text('status', { enum: TEAM_SEAT_ROW_STATUSES }).notNull(),
    /** The owner's standing courses when the seat was given: what the member is enrolled in. */
    courseIds: jsonb('course_ids').$type<number[]>().notNull(),
    memberUserId: text('member_user_id'),
    invitedAt: timestamptz('invited_at').notNull(),
    joinedAt: timestamptz('joined_at'),
    closedAt: timestamptz('closed_at'),
  },
  (table) => [
    uniqueIndex('team_seats_open_owner_email_unique')
      .on(table.ownerId, table.email)
      .where(sql`${table.status} in ('invited', 'active')`),
    index('team_seats_member_idx').on(table.memberUserId),
  ],
);

export type TeamSeatRow = typeof teamSeats.$inferSelect;

export const NUDGE_ROW_KINDS = ['section-unlocked', 'inactive'] as const;

/**
 * The nudges found for each learner (docs/behaviour/member-learning.md#nudges; docs/decisions.md, 95): one
 * row per section unlocked (`key` the section's id) and per gap of inactivity (`key` the course and the
 * moment of the last activity), inserted with the event in one transaction, so each is announced once
 * however many replicas sweep.
 */
export const learningNudges = courseSchema.table(
  'learning_nudges',
  {
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: NUDGE_ROW_KINDS }).notNull(),
    key: text('key').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [primaryKey({ name: 'learning_nudges_pkey', columns: [table.userId, table.kind, table.key] })],
);

/**
 * The latest pause or resumption of each payment plan (its order) applied here, by the time the payment
 * service gave it: one that arrives after a later one (a delivery that failed and came back) changes
 * nothing (docs/behaviour/checkout-and-payments.md#payment-plan).
 */
export const planPauseStates = courseSchema.table('plan_pause_states', {
  orderId: uuid('order_id').primaryKey(),
  userId: text('user_id').notNull(),
  paused: boolean('paused').notNull(),
  changedAt: timestamptz('changed_at').notNull(),
});
