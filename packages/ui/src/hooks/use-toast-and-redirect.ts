/**
 * Shows a toast once and navigates after a delay ('Unauthorized' → /login after
 * 1 s, 'Access Denied' → / after 2 s, 'Login Required' → /login after 1 s). Cancelled if the page goes away
 * first; a second call while one is pending does nothing.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../toast/toast-store';
import type { ToastInput } from '../toast/toast-store';

export function useToastAndRedirect(): (message: ToastInput, to: string, delayMs: number) => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    },
    [],
  );

  return useCallback(
    (message: ToastInput, to: string, delayMs: number) => {
      if (timer.current !== undefined) return;
      toast(message);
      timer.current = setTimeout(() => navigate(to, { replace: true }), delayMs);
    },
    [navigate],
  );
}
