import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@platform/ui';
import { ROUTE_PATHS } from './route-paths';
import type { RouteName } from './route-paths';
import { AdminLayout } from './features/admin-access/components/admin-layout';
import './index.css';

/** The page of each route declared in route-paths.ts; the type requires one for every path, and no other. */
const PAGES = {
  adminHome: {
    Component: lazyPage(() => import('./features/admin-home/components/admin-home-page'), 'AdminHomePage'),
  },
  mailLog: {
    Component: lazyPage(() => import('./features/mail-log/components/mail-log-page'), 'MailLogPage'),
  },
  consultations: {
    Component: lazyPage(
      () => import('./features/consultations/components/admin-consultations-page'),
      'AdminConsultationsPage',
    ),
  },
  revenueAdmin: {
    Component: lazyPage(
      () => import('./features/revenue-admin/components/revenue-admin-page'),
      'RevenueAdminPage',
    ),
  },
  courseEditor: {
    Component: lazyPage(
      () => import('./features/course-editor/components/course-editor-page'),
      'CourseEditorPage',
    ),
  },
  videoUpload: {
    Component: lazyPage(
      () => import('./features/video-upload/components/video-upload-page'),
      'VideoUploadPage',
    ),
  },
  coupons: {
    Component: lazyPage(() => import('./features/coupons/components/coupons-page'), 'CouponsPage'),
  },
  questions: {
    Component: lazyPage(
      () => import('./features/questions/components/admin-questions-page'),
      'AdminQuestionsPage',
    ),
  },
  learners: {
    Component: lazyPage(
      () => import('./features/learners/components/admin-learners-page'),
      'AdminLearnersPage',
    ),
  },
  customers: {
    Component: lazyPage(() => import('./features/customers/components/customers-page'), 'AdminCustomersPage'),
  },
  customer: {
    Component: lazyPage(() => import('./features/customers/components/customer-page'), 'AdminCustomerPage'),
  },
} satisfies Record<RouteName, RouteObject>;

/** Every page inside the admin layout route, which checks access once for all of them. */
export const routes: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: (Object.keys(ROUTE_PATHS) as RouteName[]).map((name) => ({
      ...PAGES[name],
      path: ROUTE_PATHS[name],
    })),
  },
];

export default routes;
