import { describe, expect, it } from '@jest/globals';
import { TOAST_LIMIT, reduceToasts } from '../toast-store';
import type { ToastState } from '../toast-store';

const empty: ToastState = { toasts: [] };

describe('toast queue', () => {
  it('shows one toast at a time: a new toast replaces the current one', () => {
    expect(TOAST_LIMIT).toBe(1);
    const first = reduceToasts(empty, { type: 'ADD_TOAST', toast: { id: '1', title: 'Login Successful' } });
    const second = reduceToasts(first, { type: 'ADD_TOAST', toast: { id: '2', title: 'Payment Failed' } });
    expect(second.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('dismissing closes the toast but keeps it until it is removed', () => {
    const shown = reduceToasts(empty, { type: 'ADD_TOAST', toast: { id: '1', open: true } });
    const dismissed = reduceToasts(shown, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(dismissed.toasts).toEqual([{ id: '1', open: false }]);
    expect(reduceToasts(dismissed, { type: 'REMOVE_TOAST', toastId: '1' }).toasts).toEqual([]);
  });

  it('updates a toast in place', () => {
    const shown = reduceToasts(empty, { type: 'ADD_TOAST', toast: { id: '1', title: 'Saving' } });
    const updated = reduceToasts(shown, { type: 'UPDATE_TOAST', toast: { id: '1', title: 'Saved' } });
    expect(updated.toasts[0]?.title).toBe('Saved');
  });
});
