/*
 * Mounts the page for the current URL. The routes each remote publishes (in /remotes.json) name the one
 * remote that owns the URL; only that remote is loaded. A URL no remote owns is the 404 page, with no
 * remote loaded. A remote that fails to load shows a friendly error whose Retry (or any navigation) loads
 * it again.
 */
import { Suspense, startTransition, useCallback, useEffect, useState } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageLoading } from '../../../components/page-loading';
import { useRemoteList } from '../api/get-remote-list';
import { loadRemoteRoutes } from '../api/load-remote-routes';
import { findRouteOwner } from '../find-route-owner';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteLoadError } from './remote-load-error';

// The routes of each loaded remote, kept for the page's lifetime so a loaded remote is never fetched twice.
const loadedRoutes = new Map<string, RouteObject[]>();

/** The remote's page for this URL; a path it publishes but its routes do not declare is a 404. */
function RemotePages({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes) ?? <NotFoundPage />;
}

/*
 * Loads the remote's routes outside Suspense and shows them in a transition. A Suspense fallback is never
 * committed for the first view: React would then hold the page back up to 300 ms after that fallback
 * appeared (its throttling of Suspense retries). A lazy page of the remote suspends the transition
 * instead, and the loading text stays until the page is ready. A failure reaches the error boundary.
 */
function RemoteRoutes({ remoteName }: { remoteName: string }) {
  const [routes, setRoutes] = useState(() => loadedRoutes.get(remoteName) ?? null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  useEffect(() => {
    if (routes) return;
    let isCurrent = true;
    loadRemoteRoutes(remoteName).then(
      (loaded) => {
        loadedRoutes.set(remoteName, loaded);
        if (isCurrent) startTransition(() => setRoutes(loaded));
      },
      (error: unknown) => {
        if (isCurrent) setFailure({ error });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [remoteName, routes]);

  if (failure) throw failure.error;
  return routes ? <RemotePages routes={routes} /> : <PageLoading />;
}

function RemoteOutlet({ remoteName }: { remoteName: string }) {
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  // A new attempt mounts a fresh RemoteRoutes, which loads the remote again (moving to another page).
  const retry = useCallback(() => setAttempt((current) => current + 1), []);
  // The Retry button loads the page again: the browser keeps a failed preload of the remote's files
  // (the gateway's Link hints) and would hand the failure back to an in-page retry.
  const reload = useCallback(() => window.location.reload(), []);

  return (
    <RemoteErrorBoundary
      key={`${remoteName}#${attempt}`}
      remoteName={remoteName}
      resetKey={pathname}
      onReset={retry}
      fallback={<RemoteLoadError onRetry={reload} />}
    >
      {/* For the remote's own lazy pages when they are not reached through a transition. */}
      <Suspense fallback={<PageLoading />}>
        <RemoteRoutes remoteName={remoteName} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

export function FederatedRoutes() {
  const { pathname } = useLocation();
  const remoteList = useRemoteList();
  const retryList = () => void remoteList.refetch();

  if (remoteList.isSuccess) {
    const owner = findRouteOwner(remoteList.data, pathname);
    if (owner.kind === 'owned') return <RemoteOutlet key={owner.remoteName} remoteName={owner.remoteName} />;
    if (owner.kind === 'none') return <NotFoundPage />;
    // The page may belong to the remote whose routes could not be read: say so like a load failure.
    console.error(`Cannot tell who owns ${pathname}: a remote's route list could not be read`);
    return <RemoteLoadError onRetry={retryList} />;
  }
  if (remoteList.isError && !remoteList.isFetching) return <RemoteLoadError onRetry={retryList} />;
  return <PageLoading />;
}
