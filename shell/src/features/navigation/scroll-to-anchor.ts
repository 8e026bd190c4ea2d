/**
 * Scrolls to the element with this id when the current page has one, and moves keyboard focus there
 * (as a same-page link does), so the next Tab continues from it. The page scrolls smoothly and stops
 * 80 px short (html's `scroll-behavior` and `scroll-padding-top`), clear of the header.
 */
export function scrollToAnchor(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({ block: 'start' });
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}
