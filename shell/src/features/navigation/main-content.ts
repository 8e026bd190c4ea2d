/** The id of the layout's <main>: the skip link's target and where focus goes after a menu navigation. */
export const MAIN_CONTENT_ID = 'main-content';

/** Moves focus to <main> without scrolling, so a screen reader continues in the new page. */
export function focusMainContent(): void {
  document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
}
