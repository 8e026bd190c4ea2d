import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from './features/placeholder/components/placeholder-page';
import './index.css';

const MembershipPage = lazy(() =>
  import('./features/membership/components/membership-page').then((m) => ({ default: m.MembershipPage })),
);
const MemberDashboardPage = lazy(() =>
  import('./features/member-dashboard/components/member-dashboard-page').then((m) => ({
    default: m.MemberDashboardPage,
  })),
);

const ProgressDashboardPage = lazy(() =>
  import('./features/progress-dashboard/components/progress-dashboard-page').then((m) => ({
    default: m.ProgressDashboardPage,
  })),
);
const CoursesPage = lazy(() =>
  import('./features/courses/components/courses-page').then((m) => ({ default: m.CoursesPage })),
);
const CourseDetailPage = lazy(() =>
  import('./features/courses/components/course-detail-page').then((m) => ({ default: m.CourseDetailPage })),
);
const ModuleLessonsPage = lazy(() =>
  import('./features/courses/components/module-lessons-page').then((m) => ({ default: m.ModuleLessonsPage })),
);

/** Every path the shell's route table gives mfe_member (member-and-admin spec §2). */
export const routes: RouteObject[] = [
  { path: '/dashboard', element: <ProgressDashboardPage /> },
  {
    path: '/old-dashboard',
    Component: lazy(() =>
      import('./features/old-dashboard/components/old-dashboard-page').then((m) => ({
        default: m.OldDashboardPage,
      })),
    ),
  },
  { path: '/member/dashboard', element: <MemberDashboardPage /> },
  { path: '/courses', element: <CoursesPage /> },
  { path: '/courses/:id', element: <CourseDetailPage /> },
  { path: '/modules/:moduleId', element: <ModuleLessonsPage /> },
  {
    path: '/module/:moduleId',
    Component: lazy(() =>
      import('./features/section-page/components/section-page').then((m) => ({ default: m.SectionPage })),
    ),
  },
  {
    path: '/lessons/:lessonId',
    Component: lazy(() =>
      import('./features/lesson-page/components/lesson-page').then((m) => ({ default: m.LessonPage })),
    ),
  },
  { path: '/membership', element: <MembershipPage /> },
  {
    path: '/my-consultations',
    Component: lazy(() =>
      import('./features/my-consultations/components/my-consultations-page').then((m) => ({
        default: m.MyConsultationsPage,
      })),
    ),
  },
  { path: '/revenue-share-welcome', element: <PlaceholderPage name="Revenue Share" /> },
  { path: '/revenue-report', element: <PlaceholderPage name="Revenue Report" /> },
];

export default routes;
