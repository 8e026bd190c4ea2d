import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { ROUTE_PATHS } from './route-paths';
import type { RouteName } from './route-paths';
import { AdminLayout } from './features/admin-access/components/admin-layout';
import './index.css';

/** The page of each route declared in route-paths.ts; the type requires one for every path, and no other. */
const PAGES = {
  adminHome: {
    Component: lazy(() =>
      import('./features/admin-home/components/admin-home-page').then((m) => ({
        default: m.AdminHomePage,
      })),
    ),
  },
  mailLog: {
    Component: lazy(() =>
      import('./features/mail-log/components/mail-log-page').then((m) => ({
        default: m.MailLogPage,
      })),
    ),
  },
  consultations: {
    Component: lazy(() =>
      import('./features/consultations/components/admin-consultations-page').then((m) => ({
        default: m.AdminConsultationsPage,
      })),
    ),
  },
  revenueAdmin: {
    Component: lazy(() =>
      import('./features/revenue-admin/components/revenue-admin-page').then((m) => ({
        default: m.RevenueAdminPage,
      })),
    ),
  },
  courseEditor: {
    Component: lazy(() =>
      import('./features/course-editor/components/course-editor-page').then((m) => ({
        default: m.CourseEditorPage,
      })),
    ),
  },
  videoUpload: {
    Component: lazy(() =>
      import('./features/video-upload/components/video-upload-page').then((m) => ({
        default: m.VideoUploadPage,
      })),
    ),
  },
  coupons: {
    Component: lazy(() =>
      import('./features/coupons/components/coupons-page').then((m) => ({
        default: m.CouponsPage,
      })),
    ),
  },
  questions: {
    Component: lazy(() =>
      import('./features/questions/components/admin-questions-page').then((m) => ({
        default: m.AdminQuestionsPage,
      })),
    ),
  },
  learners: {
    Component: lazy(() =>
      import('./features/learners/components/admin-learners-page').then((m) => ({
        default: m.AdminLearnersPage,
      })),
    ),
  },
  customers: {
    Component: lazy(() =>
      import('./features/customers/components/customers-page').then((m) => ({
        default: m.AdminCustomersPage,
      })),
    ),
  },
  customer: {
    Component: lazy(() =>
      import('./features/customers/components/customer-page').then((m) => ({
        default: m.AdminCustomerPage,
      })),
    ),
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
