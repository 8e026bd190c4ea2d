/** Starts the guided tour 1 s after the dashboard opens, unless `tutorial_dashboard` is stored. */
import { useEffect } from 'react';
import type { DashboardTour } from '../lib/start-dashboard-tour';
import { TOUR_START_DELAY_MS, shouldStartTour } from '../lib/tutorial-storage';

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function useDashboardTour(ready: boolean): void {
  useEffect(() => {
    if (!ready || !shouldStartTour(browserStorage())) return;
    let tour: DashboardTour | null = null;
    let cancelled = false;
    const timer = setTimeout(() => {
      void import('../lib/start-dashboard-tour').then(({ startDashboardTour }) => {
        if (!cancelled) tour = startDashboardTour(browserStorage());
      });
    }, TOUR_START_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      tour?.cancel();
    };
  }, [ready]);
}
