import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@platform/ui';
import { ROUTE_PATHS } from './route-paths';
import type { RouteName } from './route-paths';
import './index.css';

const MembershipPage = lazyPage(
  () => import('./features/membership/components/membership-page'),
  'MembershipPage',
);
const MemberDashboardPage = lazyPage(
  () => import('./features/member-dashboard/components/member-dashboard-page'),
  'MemberDashboardPage',
);

const ProgressDashboardPage = lazyPage(
  () => import('./features/progress-dashboard/components/progress-dashboard-page'),
  'ProgressDashboardPage',
);
const CoursesPage = lazyPage(() => import('./features/courses/components/courses-page'), 'CoursesPage');
const CourseDetailPage = lazyPage(
  () => import('./features/courses/components/course-detail-page'),
  'CourseDetailPage',
);
const ModuleLessonsPage = lazyPage(
  () => import('./features/courses/components/module-lessons-page'),
  'ModuleLessonsPage',
);

/** The page of each route declared in route-paths.ts; the type requires one for every path, and no other. */
const PAGES = {
  dashboard: { element: <ProgressDashboardPage /> },
  oldDashboard: {
    Component: lazyPage(
      () => import('./features/old-dashboard/components/old-dashboard-page'),
      'OldDashboardPage',
    ),
  },
  memberDashboard: { element: <MemberDashboardPage /> },
  courses: { element: <CoursesPage /> },
  course: { element: <CourseDetailPage /> },
  moduleLessons: { element: <ModuleLessonsPage /> },
  section: {
    Component: lazyPage(() => import('./features/section-page/components/section-page'), 'SectionPage'),
  },
  lesson: {
    Component: lazyPage(() => import('./features/lesson-page/components/lesson-page'), 'LessonPage'),
  },
  membership: { element: <MembershipPage /> },
  orders: {
    Component: lazyPage(() => import('./features/orders/components/orders-page'), 'OrdersPage'),
  },
  team: {
    Component: lazyPage(() => import('./features/team/components/team-page'), 'TeamPage'),
  },
  notificationPreferences: {
    Component: lazyPage(
      () => import('./features/notification-preferences/components/notification-preferences-page'),
      'NotificationPreferencesPage',
    ),
  },
  unsubscribe: {
    Component: lazyPage(
      () => import('./features/notification-preferences/components/unsubscribe-page'),
      'UnsubscribePage',
    ),
  },
  account: {
    Component: lazyPage(() => import('./features/account/components/account-page'), 'AccountPage'),
  },
  confirmEmail: {
    Component: lazyPage(() => import('./features/account/components/confirm-email-page'), 'ConfirmEmailPage'),
  },
  myConsultations: {
    Component: lazyPage(
      () => import('./features/my-consultations/components/my-consultations-page'),
      'MyConsultationsPage',
    ),
  },
  revenueShareWelcome: {
    Component: lazyPage(
      () => import('./features/revenue-share-welcome/components/revenue-share-welcome-page'),
      'RevenueShareWelcomePage',
    ),
  },
  revenueReport: {
    Component: lazyPage(
      () => import('./features/revenue-report/components/revenue-report-page'),
      'RevenueReportPage',
    ),
  },
  certificate: {
    Component: lazyPage(
      () => import('./features/certificates/components/certificate-page'),
      'CertificatePage',
    ),
  },
} satisfies Record<RouteName, RouteObject>;

export const routes: RouteObject[] = (Object.keys(ROUTE_PATHS) as RouteName[]).map((name) => ({
  ...PAGES[name],
  path: ROUTE_PATHS[name],
}));

export default routes;
