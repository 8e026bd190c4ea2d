import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};
const afterHydration = () => true;
const duringHydration = () => false;

/**
 * False while React hydrates a prerendered page (and when rendering it at build time), true in every
 * other render. What only the browser knows (its stored cart, theme) is shown from the render after
 * hydration, so the prerendered HTML and the first client render agree (docs/decisions.md, 55).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeToNothing, afterHydration, duringHydration);
}
