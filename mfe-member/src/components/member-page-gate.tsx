/**
 * The opening every signed-in member page shares (docs/behaviour/member-learning.md#who-is-a-member): its
 * title and the sign-in gate, then, before it draws anything, the way out for a visitor who is not signed in.
 */
import type { ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { SITE_NAME, useAddressLeft, useDocumentTitle, useSignInGate, type SignInGate } from '@platform/ui';

/** Titles the page `<page> | <site>` and answers the sign-in gate. */
export function useMemberPage(page: string): SignInGate {
  useDocumentTitle(`${page} | ${SITE_NAME}`);
  return useSignInGate();
}

/**
 * Goes to /login: the visitor is not signed in, or a read answered 401 (the session ended). Renders nothing
 * when the browser has already left the page, since the navigation under way (the logout's to /) decides.
 */
export function ToLogin(): ReactElement | null {
  return useAddressLeft() ? null : <Navigate to="/login" replace />;
}

/** A read of the page: `data` is null once a 401 came back (the session is gone). */
type PageRead = { data: unknown; isFetching: boolean };

/**
 * What the page draws instead of itself, or `undefined` when it draws itself: nothing after a sign-out on
 * the page (the logout flow goes to /), /login for a visitor who never was signed in, or when one of
 * `reads` turned to 401 after the page opened (the session ended).
 */
export function signedOutView(gate: SignInGate, ...reads: PageRead[]): ReactElement | null | undefined {
  if (gate.signedOutHere) return null;
  if (gate.redirectToLogin || reads.some((read) => read.data === null && !read.isFetching)) {
    return <ToLogin />;
  }
  return undefined;
}
