/**
 * The admin area's layout route (docs/behaviour/admin.md#admin-access): every admin page renders inside it,
 * so the access check, the line shown while it runs, and the refusal with its redirect live here once. A page
 * renders only for the admin and reports its reads with `useAdminReads`.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { getAdminRefusal } from '../lib/admin-access';
import type { AdminRefusal } from '../lib/admin-access';
import { ReadRefusalContext, useAdminAccess, useRefusalRedirect } from '../hooks/use-admin-access';
import { AdminAccessNotice } from './admin-access-notice';

function AdminFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-12">{children}</div>;
}

export function AdminLayout() {
  const access = useAdminAccess();
  const [readRefusal, setReadRefusal] = useState<AdminRefusal | null>(null);
  const refusal = access === 'signed-out-here' ? null : (getAdminRefusal(access, []) ?? readRefusal);
  useRefusalRedirect(refusal);

  // Signed out on this page: nothing to draw, the logout's navigation home follows.
  if (access === 'signed-out-here') return null;

  if (refusal) {
    return (
      <AdminFrame>
        <AdminAccessNotice refusal={refusal} />
      </AdminFrame>
    );
  }
  if (access !== 'allowed') {
    return (
      <AdminFrame>
        <p role="status" aria-busy="true" className="text-muted-foreground">
          Checking your access…
        </p>
      </AdminFrame>
    );
  }
  return (
    <ReadRefusalContext.Provider value={setReadRefusal}>
      <Outlet />
    </ReadRefusalContext.Provider>
  );
}
