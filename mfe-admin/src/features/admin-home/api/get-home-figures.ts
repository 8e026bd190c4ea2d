/**
 * The reads behind the admin home's figures (admin only; a 401 or 403 is an error, which
 * docs/behaviour/admin.md#admin-access turns into 'Unauthorized' / 'Access Denied'). Each uses the same
 * query key and the same parsed shape as the page its card leads to, so one cache entry serves both.
 */
import { defineParsedQuery, defineParsedQueryFamily } from '@platform/ui';
import { useCustomerSearch } from '../../customers/api/admin-customers';
import { HOME_MAIL_SAMPLE } from '../lib/admin-home-figures';

const consultations = defineParsedQuery(
  ['/api/consultations'],
  (contracts) => contracts.AdminConsultationListSchema,
);
const revenueStats = defineParsedQuery(
  ['/api/admin/revenue-stats'],
  (contracts) => contracts.RevenueStatsSchema,
);
const recentMail = defineParsedQuery(
  [`/api/admin/mail?limit=${HOME_MAIL_SAMPLE}`],
  (contracts) => contracts.MailListSchema,
);
const courses = defineParsedQuery(['/api/courses'], (contracts) => contracts.CourseListSchema);
const courseOutline = defineParsedQueryFamily(
  (courseId: number) => ['/api/courses', courseId, 'modules'] as const,
  (contracts) => contracts.StudioSectionListSchema,
);
const openQuestions = defineParsedQuery(
  ['/api/admin/questions?status=open'],
  (contracts) => contracts.AdminQuestionListSchema,
);
const learners = defineParsedQuery(['/api/admin/learners'], (contracts) => contracts.AdminLearnerListSchema);

/** `GET /api/consultations`: every submission (the consultations page's read). */
export const useConsultationsForHome = () => consultations.use();

/** `GET /api/admin/revenue-stats`: the ledger's stat cards. */
export const useRevenueStatsForHome = () => revenueStats.use();

/** `GET /api/admin/mail?limit=50`: the mail log's first page. */
export const useRecentMailForHome = () => recentMail.use();

/** `GET /api/courses`: every course; the studio edits the first (the course studio's read). */
export const useCoursesForHome = () => courses.use();

/** `GET /api/courses/:id/modules`: the course's sections and lessons, drafts included (the studio's outline). */
export function useCourseOutlineForHome(courseId: number | null) {
  return courseOutline.use(courseId ?? 0, courseId !== null);
}

/** `GET /api/admin/questions?status=open`: the open lesson questions (the questions page's first read). */
export const useOpenQuestionsForHome = () => openQuestions.use();

/** `GET /api/admin/customers?q=&offset=0`: the customers' first page (the customers page's first read). */
export function useCustomersForHome() {
  return useCustomerSearch('', 0);
}

/** `GET /api/admin/learners`: the enrolled learners (the learners page's read). */
export const useLearnersForHome = () => learners.use();
