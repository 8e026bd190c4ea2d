/**
 * `/admin` (docs/behaviour/admin.md#admin-home; docs/decisions.md, 30): the support admin's home, where
 * sign-in takes the admin. One card per admin page, each with one live figure. Anyone else is turned away
 * by the shared admin access handling.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { CourseList, StudioSectionList } from '@platform/contracts';
import { SITE_NAME } from '@platform/ui';
import { AdminPageFrame } from '../../admin-access/components/admin-page-frame';
import { useAdminReads } from '../../admin-access/hooks/use-admin-access';
import {
  useConsultationsForHome,
  useCourseOutlineForHome,
  useCoursesForHome,
  useLearnersForHome,
  useCustomersForHome,
  useOpenQuestionsForHome,
  useRecentMailForHome,
  useRevenueStatsForHome,
} from '../api/get-home-figures';
import { useCoupons } from '../../coupons/api/coupons';
import {
  ADMIN_HOME_CARDS,
  activeCouponsFigure,
  ADMIN_HOME_COPY,
  NO_COURSE_FIGURE,
  courseOutlineFigure,
  failedMailFigure,
  learnersFigure,
  customersFigure,
  openQuestionsFigure,
  outstandingRevenueFigure,
  pendingConsultationsFigure,
} from '../lib/admin-home-figures';
import type { AdminHomeCardId, HomeFigure } from '../lib/admin-home-figures';
import { AdminHomeCard } from './admin-home-card';
import type { FigureState } from './admin-home-card';

function figureOf<T>(query: UseQueryResult<T>, toFigure: (data: T) => HomeFigure): FigureState {
  if (query.isError) return { kind: 'failed', retry: () => void query.refetch() };
  if (query.data === undefined) return { kind: 'loading' };
  return { kind: 'ready', figure: toFigure(query.data) };
}

/** The studio's figure takes two reads: the courses (to find the one it edits), then its outline. */
function courseFigureOf(
  courses: UseQueryResult<CourseList>,
  outline: UseQueryResult<StudioSectionList>,
): FigureState {
  if (courses.isError) return { kind: 'failed', retry: () => void courses.refetch() };
  if (courses.data?.length === 0) return { kind: 'ready', figure: NO_COURSE_FIGURE };
  return figureOf(outline, courseOutlineFigure);
}

export function AdminHomePage() {
  const consultations = useConsultationsForHome();
  const stats = useRevenueStatsForHome();
  const mail = useRecentMailForHome();
  const questions = useOpenQuestionsForHome();
  const learners = useLearnersForHome();
  const customers = useCustomersForHome();
  const courses = useCoursesForHome();
  const outline = useCourseOutlineForHome(courses.data?.[0]?.id ?? null);
  const coupons = useCoupons();
  useAdminReads(
    consultations.error,
    stats.error,
    mail.error,
    questions.error,
    learners.error,
    customers.error,
    courses.error,
    outline.error,
    coupons.error,
  );

  const figures: Record<AdminHomeCardId, FigureState> = {
    consultations: figureOf(consultations, pendingConsultationsFigure),
    revenue: figureOf(stats, outstandingRevenueFigure),
    courses: courseFigureOf(courses, outline),
    learners: figureOf(learners, learnersFigure),
    customers: figureOf(customers, customersFigure),
    questions: figureOf(questions, openQuestionsFigure),
    mail: figureOf(mail, (list) => failedMailFigure(list.messages)),
    coupons: figureOf(coupons, (list) => activeCouponsFigure(list.coupons, new Date())),
  };

  return (
    <AdminPageFrame
      title={ADMIN_HOME_COPY.title}
      documentTitle={`${ADMIN_HOME_COPY.documentTitle} | ${SITE_NAME}`}
      description={ADMIN_HOME_COPY.description}
      width="6xl"
      breadcrumb={false}
    >
      <ul className="grid gap-4 sm:grid-cols-2 sm:gap-6" aria-label="Admin pages">
        {ADMIN_HOME_CARDS.map((card) => (
          <li key={card.id} className="flex">
            <AdminHomeCard card={card} figure={figures[card.id]} />
          </li>
        ))}
      </ul>
    </AdminPageFrame>
  );
}
