/**
 * The reads behind the admin home's figures (admin only; a 401 or 403 is an error, which
 * docs/behaviour/admin.md#admin-access turns into 'Unauthorized' / 'Access Denied'). Each uses the same
 * query key and the same parsed shape as the page its card leads to, so one cache entry serves both.
 */
import { useQuery } from '@tanstack/react-query';
import { useCustomerSearch } from '../../customers/api/admin-customers';
import { parsedQueryFn } from '@platform/ui';
import { HOME_MAIL_SAMPLE } from '../lib/admin-home-figures';

/** `GET /api/consultations`: every submission (the consultations page's read). */
export function useConsultationsForHome() {
  return useQuery({
    queryKey: ['/api/consultations'],
    queryFn: parsedQueryFn((contracts) => contracts.AdminConsultationListSchema),
  });
}

/** `GET /api/admin/revenue-stats`: the ledger's stat cards. */
export function useRevenueStatsForHome() {
  return useQuery({
    queryKey: ['/api/admin/revenue-stats'],
    queryFn: parsedQueryFn((contracts) => contracts.RevenueStatsSchema),
  });
}

/** `GET /api/admin/mail?limit=50`: the mail log's first page. */
export function useRecentMailForHome() {
  return useQuery({
    queryKey: [`/api/admin/mail?limit=${HOME_MAIL_SAMPLE}`],
    queryFn: parsedQueryFn((contracts) => contracts.MailListSchema),
  });
}

/** `GET /api/courses`: every course; the studio edits the first (the course studio's read). */
export function useCoursesForHome() {
  return useQuery({
    queryKey: ['/api/courses'],
    queryFn: parsedQueryFn((contracts) => contracts.CourseListSchema),
  });
}

/** `GET /api/courses/:id/modules`: the course's sections and lessons, drafts included (the studio's outline). */
export function useCourseOutlineForHome(courseId: number | null) {
  return useQuery({
    queryKey: ['/api/courses', courseId ?? 0, 'modules'],
    enabled: courseId !== null,
    queryFn: parsedQueryFn((contracts) => contracts.StudioSectionListSchema),
  });
}

/** `GET /api/admin/questions?status=open`: the open lesson questions (the questions page's first read). */
export function useOpenQuestionsForHome() {
  return useQuery({
    queryKey: ['/api/admin/questions?status=open'],
    queryFn: parsedQueryFn((contracts) => contracts.AdminQuestionListSchema),
  });
}

/** `GET /api/admin/customers?q=&offset=0`: the customers' first page (the customers page's first read). */
export function useCustomersForHome() {
  return useCustomerSearch('', 0);
}

/** `GET /api/admin/learners`: the enrolled learners (the learners page's read). */
export function useLearnersForHome() {
  return useQuery({
    queryKey: ['/api/admin/learners'],
    queryFn: parsedQueryFn((contracts) => contracts.AdminLearnerListSchema),
  });
}
