import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { ROUTE_PATHS } from './route-paths';
import type { RouteName } from './route-paths';
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

/** The page of each route declared in route-paths.ts; the type requires one for every path, and no other. */
const PAGES = {
  dashboard: { element: <ProgressDashboardPage /> },
  oldDashboard: {
    Component: lazy(() =>
      import('./features/old-dashboard/components/old-dashboard-page').then((m) => ({
        default: m.OldDashboardPage,
      })),
    ),
  },
  memberDashboard: { element: <MemberDashboardPage /> },
  courses: { element: <CoursesPage /> },
  course: { element: <CourseDetailPage /> },
  moduleLessons: { element: <ModuleLessonsPage /> },
  section: {
    Component: lazy(() =>
      import('./features/section-page/components/section-page').then((m) => ({ default: m.SectionPage })),
    ),
  },
  lesson: {
    Component: lazy(() =>
      import('./features/lesson-page/components/lesson-page').then((m) => ({ default: m.LessonPage })),
    ),
  },
  membership: { element: <MembershipPage /> },
  orders: {
    Component: lazy(() =>
      import('./features/orders/components/orders-page').then((m) => ({
        default: m.OrdersPage,
      })),
    ),
  },
  team: {
    Component: lazy(() =>
      import('./features/team/components/team-page').then((m) => ({ default: m.TeamPage })),
    ),
  },
  notificationPreferences: {
    Component: lazy(() =>
      import('./features/notification-preferences/components/notification-preferences-page').then((m) => ({
        default: m.NotificationPreferencesPage,
      })),
    ),
  },
  unsubscribe: {
    Component: lazy(() =>
      import('./features/notification-preferences/components/unsubscribe-page').then((m) => ({
        default: m.UnsubscribePage,
      })),
    ),
  },
  account: {
    Component: lazy(() =>
      import('./features/account/components/account-page').then((m) => ({ default: m.AccountPage })),
    ),
  },
  confirmEmail: {
    Component: lazy(() =>
      import('./features/account/components/confirm-email-page').then((m) => ({
        default: m.ConfirmEmailPage,
      })),
    ),
  },
  myConsultations: {
    Component: lazy(() =>
      import('./features/my-consultations/components/my-consultations-page').then((m) => ({
        default: m.MyConsultationsPage,
      })),
    ),
  },
  revenueShareWelcome: {
    Component: lazy(() =>
      import('./features/revenue-share-welcome/components/revenue-share-welcome-page').then((m) => ({
        default: m.RevenueShareWelcomePage,
      })),
    ),
  },
  revenueReport: {
    Component: lazy(() =>
      import('./features/revenue-report/components/revenue-report-page').then((m) => ({
        default: m.RevenueReportPage,
      })),
    ),
  },
  certificate: {
    Component: lazy(() =>
      import('./features/certificates/components/certificate-page').then((m) => ({
        default: m.CertificatePage,
      })),
    ),
  },
} satisfies Record<RouteName, RouteObject>;

export const routes: RouteObject[] = (Object.keys(ROUTE_PATHS) as RouteName[]).map((name) => ({
  ...PAGES[name],
  path: ROUTE_PATHS[name],
}));

export default routes;
