import { useSyncExternalStore } from 'react';
import { dismissToast, getToastState, subscribeToToasts, toast } from './toast-store';
import type { ToastState } from './toast-store';

export type UseToastResult = ToastState & {
  toast: typeof toast;
  dismiss: (toastId?: string) => void;
};

/** The current toasts plus `toast()` and `dismiss()`; re-renders when the queue changes. */
export function useToast(): UseToastResult {
  const state = useSyncExternalStore(subscribeToToasts, getToastState, getToastState);
  return { ...state, toast, dismiss: dismissToast };
}
