/*
 * The toast region's placeholder in the root entry: the Radix toast code (`@platform/ui/toast`) loads
 * with the first toast, or as soon as the user first presses a key or a pointer (most toasts answer an
 * action), so the first view of a page does not download it.
 */
import { Suspense, lazy, useEffect, useState, useSyncExternalStore } from 'react';
import type { ComponentType } from 'react';
import { getToastState, subscribeToToasts } from '../toast/toast-store';

const loadToastModule = () => import('@platform/ui/toast');
const ToastQueue = lazy((): Promise<{ default: ComponentType }> =>
  loadToastModule().then(
    (module) => ({ default: module.ToastQueue }),
    (error: unknown) => {
      // No toasts rather than a broken page: the shell has no error boundary around the toaster.
      console.error('The toast component could not be loaded', error);
      return { default: () => null };
    },
  ),
);

const hasToasts = () => getToastState().toasts.length > 0;
const hasNoToastsOnServer = () => false;

/** Renders the toast queue; mount it once (the shell does). */
export function Toaster() {
  const toastShown = useSyncExternalStore(subscribeToToasts, hasToasts, hasNoToastsOnServer);
  const [isMounted, setIsMounted] = useState(false);
  // Once mounted it stays, so a closing toast keeps its exit animation and F8 keeps its region.
  if (toastShown && !isMounted) setIsMounted(true);

  useEffect(() => {
    const preload = () => void loadToastModule().catch(() => undefined);
    const options = { once: true, capture: true, passive: true } as const;
    window.addEventListener('pointerdown', preload, options);
    window.addEventListener('keydown', preload, options);
    return () => {
      window.removeEventListener('pointerdown', preload, options);
      window.removeEventListener('keydown', preload, options);
    };
  }, []);

  return isMounted ? (
    <Suspense fallback={null}>
      <ToastQueue />
    </Suspense>
  ) : null;
}
