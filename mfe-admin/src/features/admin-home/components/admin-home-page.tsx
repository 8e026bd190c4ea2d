/**
 * `/admin` (docs/behaviour/admin.md#admin-home; docs/decisions.md, 30): the support admin's home, where
 * sign-in takes the admin. One card per admin page, each with one live figure. Anyone else is turned away
 * by the shared admin access handling.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { CourseList, StudioSectionList } from '@platform/contracts';
import { SITE_NAME, useDocumentTitle } from '@platform/ui';
import { AdminAccessNotice } from '../../admin-access/components/admin-access-notice';
import { useAdminAccess, useAdminRefusal } from '../../admin-access/hooks/use-admin-access';
import {
  useConsultationsForHome,
  useCourseOutlineForHome,
  useCoursesForHome,
  useLearnersForHome,
  useOpenQuestionsForHome,
  useRecentMailForHome,
  useRevenueStatsForHome,
} from '../api/get-home-figures';
import {
  ADMIN_HOME_CARDS,
  ADMIN_HOME_COPY,
  NO_COURSE_FIGURE,
  courseOutlineFigure,
  failedMailFigure,
  learnersFigure,
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
  useDocumentTitle(`${ADMIN_HOME_COPY.documentTitle} | ${SITE_NAME}`);
  const access = useAdminAccess();
  const allowed = access === 'allowed';
  const consultations = useConsultationsForHome(allowed);
  const stats = useRevenueStatsForHome(allowed);
  const mail = useRecentMailForHome(allowed);
  const questions = useOpenQuestionsForHome(allowed);
  const learners = useLearnersForHome(allowed);
  const courses = useCoursesForHome(allowed);
  const outline = useCourseOutlineForHome(courses.data?.[0]?.id ?? null);
  const refusal = useAdminRefusal(
    access,
    consultations.error,
    stats.error,
    mail.error,
    questions.error,
    learners.error,
    courses.error,
    outline.error,
  );

  const figures: Record<AdminHomeCardId, FigureState> = {
    consultations: figureOf(consultations, pendingConsultationsFigure),
    revenue: figureOf(stats, outstandingRevenueFigure),
    courses: courseFigureOf(courses, outline),
    learners: figureOf(learners, learnersFigure),
    questions: figureOf(questions, openQuestionsFigure),
    mail: figureOf(mail, (list) => failedMailFigure(list.messages)),
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-12">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">{ADMIN_HOME_COPY.title}</h1>
        <p className="mt-2 text-muted-foreground">{ADMIN_HOME_COPY.description}</p>
      </header>
      {refusal ? (
        <AdminAccessNotice refusal={refusal} />
      ) : access !== 'allowed' ? (
        <p role="status" className="text-muted-foreground" aria-busy="true">
          Checking your access…
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 sm:gap-6" aria-label="Admin pages">
          {ADMIN_HOME_CARDS.map((card) => (
            <li key={card.id} className="flex">
              <AdminHomeCard card={card} figure={figures[card.id]} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
