import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from './features/placeholder/components/placeholder-page';
import './index.css';

/** Every path the shell's route table gives mfe_admin (member-and-admin spec §2). */
export const routes: RouteObject[] = [
  {
    path: '/private-admin-panel-support-only',
    Component: lazy(() =>
      import('./features/consultations/components/admin-consultations-page').then((m) => ({
        default: m.AdminConsultationsPage,
      })),
    ),
  },
  { path: '/revenue-admin', element: <PlaceholderPage name="Revenue Admin" /> },
  { path: '/admin/courses', element: <PlaceholderPage name="Course Editor" /> },
  { path: '/admin/upload', element: <PlaceholderPage name="Video Upload" /> },
];

export default routes;
