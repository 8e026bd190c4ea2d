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

/** Every path the shell's route table gives mfe_member (member-and-admin spec §2). */
export const routes: RouteObject[] = [
  { path: '/dashboard', element: <PlaceholderPage name="Member Dashboard" /> },
  { path: '/old-dashboard', element: <PlaceholderPage name="Member Dashboard" /> },
  { path: '/member/dashboard', element: <MemberDashboardPage /> },
  { path: '/courses', element: <PlaceholderPage name="Courses" /> },
  { path: '/courses/:id', element: <PlaceholderPage name="Course" /> },
  { path: '/modules/:moduleId', element: <PlaceholderPage name="Module" /> },
  { path: '/module/:moduleId', element: <PlaceholderPage name="Module" /> },
  { path: '/lessons/:lessonId', element: <PlaceholderPage name="Lesson" /> },
  { path: '/membership', element: <MembershipPage /> },
  { path: '/my-consultations', element: <PlaceholderPage name="My Consultations" /> },
  { path: '/revenue-share-welcome', element: <PlaceholderPage name="Revenue Share" /> },
  { path: '/revenue-report', element: <PlaceholderPage name="Revenue Report" /> },
];

export default routes;
