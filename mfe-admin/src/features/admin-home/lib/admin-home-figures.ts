/**
 * The admin home's cards (docs/behaviour/admin.md#admin-home): where each leads, its fixed words, and the
 * one live figure each shows, computed from reads the admin pages already make.
 */
import { MAIL_LIST_DEFAULT_LIMIT } from '@platform/contracts';
import { formatMoney } from '@platform/contracts/format';

/** How many of the newest e-mails the mail card looks at (the mail log's first page). */
export const HOME_MAIL_SAMPLE = MAIL_LIST_DEFAULT_LIMIT;

export type AdminHomeCardId =
  'consultations' | 'revenue' | 'courses' | 'learners' | 'customers' | 'questions' | 'mail' | 'coupons';

export type AdminHomeCard = {
  id: AdminHomeCardId;
  title: string;
  description: string;
  to: string;
};

export const ADMIN_HOME_COPY = {
  title: 'Admin',
  documentTitle: 'Admin',
  description: 'Support home: everything the support admin looks after, one click away.',
  figureFailed: 'Could not load this figure.',
  retry: 'Try again',
} as const;

export const ADMIN_HOME_CARDS: readonly AdminHomeCard[] = [
  {
    id: 'consultations',
    title: 'Consultations',
    description: 'Review consultation requests, keep notes and answer each owner.',
    to: '/private-admin-panel-support-only',
  },
  {
    id: 'revenue',
    title: 'Revenue ledger',
    description: 'Verify revenue reports, record payments and remind owners.',
    to: '/revenue-admin',
  },
  {
    id: 'courses',
    title: 'Course studio',
    description: 'Edit the course, its sections and lessons, and upload lesson videos.',
    to: '/admin/courses',
  },
  {
    id: 'learners',
    title: 'Learners',
    description:
      'Who is enrolled and how far they are; unlock sections or restart a schedule, with a reason.',
    to: '/admin/learners',
  },
  {
    id: 'customers',
    title: 'Customers',
    description: 'Find a buyer or member; grant or revoke a course, refund an order, resend a receipt.',
    to: '/admin/customers',
  },
  {
    id: 'questions',
    title: 'Lesson questions',
    description: "Answer members' questions about the lessons; each answer is e-mailed to who asked.",
    to: '/admin/questions',
  },
  {
    id: 'mail',
    title: 'Mail log',
    description: 'Every e-mail the site sent or logged, with its text and set-password links.',
    to: '/admin/mail',
  },
  {
    id: 'coupons',
    title: 'Coupons',
    description:
      'Create codes buyers type at checkout: a percentage or an amount off, with dates and limits.',
    to: '/admin/coupons',
  },
];

/** A card's figure: the number (or amount) in large type and what it counts. */
export type HomeFigure = { value: string; label: string };

/** Submissions still waiting for a first review (status `pending`). */
export function pendingConsultationsFigure(submissions: readonly { status: string }[]): HomeFigure {
  const pending = submissions.filter((submission) => submission.status === 'pending').length;
  return {
    value: String(pending),
    label: pending === 1 ? 'consultation request pending' : 'consultation requests pending',
  };
}

/** What every report not fully paid still owes (the ledger's 'Outstanding'). */
export function outstandingRevenueFigure(stats: { totalRevenueOwed: number }): HomeFigure {
  return { value: formatMoney(stats.totalRevenueOwed), label: 'revenue share outstanding' };
}

/** How many learners are enrolled. */
export function learnersFigure(learners: readonly unknown[]): HomeFigure {
  return {
    value: String(learners.length),
    label: learners.length === 1 ? 'learner enrolled' : 'learners enrolled',
  };
}

/** How many customers the list's first page holds ('25+' when more follow). */
export function customersFigure(page: {
  customers: readonly unknown[];
  nextOffset: number | null;
}): HomeFigure {
  const count = page.customers.length;
  return {
    value: `${count}${page.nextOffset === null ? '' : '+'}`,
    label: count === 1 && page.nextOffset === null ? 'customer' : 'customers',
  };
}

/** Questions members asked that have no answer yet. */
export function openQuestionsFigure(questions: readonly unknown[]): HomeFigure {
  return {
    value: String(questions.length),
    label: questions.length === 1 ? 'question waiting for an answer' : 'questions waiting for an answer',
  };
}

/** Failed deliveries among the newest e-mails; with none, how many were looked at. */
export function failedMailFigure(messages: readonly { status: string }[]): HomeFigure {
  const failed = messages.filter((message) => message.status === 'failed').length;
  const newest = messages.length === 1 ? 'the newest e-mail' : `the ${messages.length} newest e-mails`;
  return {
    value: String(failed),
    label: messages.length === 0 ? 'failed: no e-mails yet' : `failed among ${newest}`,
  };
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/**
 * The course the studio edits, as the studio shows it: its lessons (drafts included), in how many
 * sections, and how many sections and lessons are still drafts (unpublished, so no member sees them).
 */
export function courseOutlineFigure(
  sections: readonly { isPublished: boolean; lessons: readonly { isPublished: boolean }[] }[],
): HomeFigure {
  const lessons = sections.flatMap((section) => section.lessons);
  const drafts =
    sections.filter((section) => !section.isPublished).length +
    lessons.filter((lesson) => !lesson.isPublished).length;
  const draftText = drafts === 0 ? 'no drafts' : `${drafts} ${plural(drafts, 'draft', 'drafts')}`;
  return {
    value: String(lessons.length),
    label: `${plural(lessons.length, 'lesson', 'lessons')} in ${sections.length} ${plural(sections.length, 'section', 'sections')}, ${draftText}`,
  };
}

/** The catalogue has no course yet: the studio has nothing to edit. */
export const NO_COURSE_FIGURE: HomeFigure = { value: '0', label: 'lessons: no course yet' };

/** Coupons a buyer can use right now (started, not ended, uses left). */
export function activeCouponsFigure(
  coupons: readonly {
    startsAt: string | null;
    endsAt: string | null;
    redemptions: number;
    maxRedemptions: number | null;
  }[],
  now: Date,
): HomeFigure {
  const active = coupons.filter(
    (coupon) =>
      (!coupon.startsAt || Date.parse(coupon.startsAt) <= now.getTime()) &&
      (!coupon.endsAt || Date.parse(coupon.endsAt) > now.getTime()) &&
      (coupon.maxRedemptions === null || coupon.redemptions < coupon.maxRedemptions),
  ).length;
  return { value: String(active), label: active === 1 ? 'coupon active' : 'coupons active' };
}
