/*
 * A part of a prerendered public page with nothing to do in the browser (text, pictures, plain links):
 * the page's hydration keeps the server's markup of it as it is, and runs none of its components
 * (docs/decisions.md, 109). Everywhere else (the build's render, a page opened in place, the shell's own
 * pages) it renders its children as any element does.
 */
import { Suspense, createElement, useLayoutEffect, useState } from 'react';
import type { HTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { NavigateFunction } from 'react-router-dom';

declare global {
  interface Window {
    /**
     * Ends the holding of presses that the page's inline script (the shell's index.html) does before any
     * of the page's code runs, and gives the button pressed meanwhile, if any.
     */
    __earlyPress?: () => HTMLElement | null;
  }
}

let hydratingFirstView = false;

/** A button pressed before the page's code ran (see `pressRegion`), until a region takes it. */
let earlyPress: HTMLElement | null = null;

/** Ends the inline script's holding; what it held is kept for the regions of the first view. */
function takeEarlyPress(): HTMLElement | null {
  if (typeof window === 'undefined' || !window.__earlyPress) return null;
  const take = window.__earlyPress;
  window.__earlyPress = undefined;
  return take();
}

/** The part of the first view hydrated last, once its turn came (see `HydrateLater`). */
let lastPartHydrated: Promise<void> = Promise.resolve();

/**
 * Runs `hydrate` (a synchronous hydration of the prerendered page) with the server's markup of each
 * `ServerMarkup` kept as it is.
 */
export function hydrateKeepingServerMarkup(hydrate: () => void): void {
  earlyPress = takeEarlyPress();
  hydratingFirstView = true;
  try {
    hydrate();
  } finally {
    hydratingFirstView = false;
    // A press no region took (its part was not drawn as the server drew it) is given once the parts are.
    const press = earlyPress;
    earlyPress = null;
    if (press) void lastPartHydrated.then(afterTasks).then(() => press.click());
  }
}

// Addresses the server answers itself, never the router.
const SERVER_PATHS = /^\/(?:api|video-stream|mfe)(?:\/|$)/;

/**
 * A click on a link of kept markup goes where a router link would: to a page of the site, in place (the
 * router loads from the server what it does not hold). Other clicks, new tabs and server paths are the
 * browser's.
 */
function followLinksInPlace(navigate: NavigateFunction) {
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element).closest('a[href]');
    if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
    if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin || SERVER_PATHS.test(url.pathname)) return;
    event.preventDefault();
    void navigate(`${url.pathname}${url.search}${url.hash}`);
  };
}

export type ServerMarkupProps = HTMLAttributes<HTMLElement> & {
  /** The element, as the server draws it. */
  as?: 'div' | 'section' | 'aside' | 'header' | 'footer' | 'ul';
  children: ReactNode;
};

/**
 * Its children, or, in the first view's hydration, the same element left holding what the server drew:
 * the public pages' entry (Preact) does not touch an element's content given as inner HTML while
 * hydrating, nor later while that inner HTML stays the same. Its links still open the site's pages in
 * place, through one click handler on the element.
 */
export function ServerMarkup({ as = 'div', children, ...props }: ServerMarkupProps) {
  const [kept] = useState(() => hydratingFirstView);
  const navigate = useNavigate();
  return kept
    ? createElement(as, {
        ...props,
        onClick: followLinksInPlace(navigate),
        dangerouslySetInnerHTML: { __html: '' },
      })
    : createElement(as, props, children);
}

/**
 * A part's turn to hydrate: `done` once its task has come, `caughtUp` once the part, hydrated as the server
 * drew it, has rendered what it is now (see `AfterTurn`).
 */
type Turn = { done: boolean; caughtUp?: boolean; promise: Promise<void> };

/** Queues a task of its own for the part, after the parts queued before it have had theirs. */
function queueTurn(turn: Turn): Promise<void> {
  const promise = lastPartHydrated.then(
    () =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          turn.done = true;
          // The part hydrates in this task's microtasks: what it holds is still first-view markup (kept
          // by a `ServerMarkup`, later again by a `HydrateLater`).
          hydratingFirstView = true;
          setTimeout(() => (hydratingFirstView = false), 0);
          resolve();
        }, 0),
      ),
  );
  lastPartHydrated = promise;
  return promise;
}

/** A task of its own for the next part, after the parts before it have had theirs. */
function nextTurn(): Turn {
  const turn: Turn = { done: false, promise: Promise.resolve() };
  turn.promise = queueTurn(turn);
  return turn;
}

/** What the page's first interaction is: any of these, anywhere. */
const FIRST_INTERACTION = ['pointerdown', 'keydown', 'touchstart', 'focusin', 'wheel'] as const;

/** Parts waiting for an element of the first view to come near the screen, by the element's id. */
type Region = { element: Element; near: Promise<void>; turns: Promise<void>[] };
const regions = new Map<string, Region>();

const afterTasks = () => new Promise<void>((resolve) => setTimeout(() => setTimeout(resolve, 0), 0));

/**
 * The region of `id`: near once the element comes within 200 px of the view, or the page is
 * first interacted with. A click in it before its parts are hydrated is held, and given again to its
 * target once they are, so no press is lost. Undefined when the page has no such element.
 */
function regionOf(id: string): Region | undefined {
  const known = regions.get(id);
  if (known) return known;
  const element = document.getElementById(id);
  if (!element || typeof IntersectionObserver === 'undefined') return undefined;
  // A button pressed before the page's code ran, in this region: given again like a press held below.
  let held: HTMLElement | null = earlyPress && element.contains(earlyPress) ? earlyPress : null;
  if (held) earlyPress = null;
  let comeNear = () => {};
  // A click with no pointer or key before it (assistive technology, a script) brings the region near too.
  const hold = (event: Event) => {
    if (!(event.target instanceof Element) || !element.contains(event.target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = event.target.closest<HTMLElement>('button, a[href], input, label, [role="button"]') ?? held;
    comeNear();
  };
  document.addEventListener('click', hold, true);
  const near = new Promise<void>((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin: '200px 0px' },
    );
    function done() {
      observer.disconnect();
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, done, true);
      resolve();
    }
    comeNear = done;
    if (held) return done();
    observer.observe(element);
    for (const type of FIRST_INTERACTION)
      window.addEventListener(type, done, { capture: true, passive: true });
  });
  const region: Region = { element, near, turns: [] };
  regions.set(id, region);
  // Every part of the region registers in the same render, before it comes near.
  void near
    .then(() => Promise.all(region.turns))
    .then(afterTasks)
    .then(() => {
      document.removeEventListener('click', hold, true);
      regions.delete(id);
      held?.click();
    });
  return region;
}

/** A turn that is queued only once the region `id` comes near the screen (see `regionOf`). */
function turnWhenNear(id: string): Turn {
  const region = regionOf(id);
  if (!region) return nextTurn();
  const turn: Turn = { done: false, promise: Promise.resolve() };
  turn.promise = region.near.then(() => queueTurn(turn));
  region.turns.push(turn.promise);
  return turn;
}

/**
 * Hydrating keeps the markup's attributes as they are, and the page may have changed since the server drew
 * the part (a lesson chosen in the outline before the player's turn): the part hydrates as drawn (`drawn`,
 * its children in the first view's render), then renders what it is now, which sets them. A suspended part
 * is rendered again by a new instance, so what must last lives in the turn and in `HydrateLater`.
 */
function AfterTurn({ turn, drawn, children }: { turn: Turn | null; drawn: ReactNode; children: ReactNode }) {
  const [, catchUp] = useState(false);
  const hydrating = turn !== null && turn.done && !turn.caughtUp;
  useLayoutEffect(() => {
    if (!hydrating || turn.caughtUp) return;
    turn.caughtUp = true;
    if (children !== drawn) catchUp(true);
  });
  // Suspends the part's hydration until its turn: Preact keeps the server's markup meanwhile.
  if (turn && !turn.done) throw turn.promise;
  return hydrating ? drawn : children;
}

/**
 * Its children, hydrated in a task of their own after the rest of the first view (and after the parts
 * wrapped before them, one task each), so no single task of the first view's hydration blocks a phone for
 * long (docs/decisions.md, 101). The server's markup stays on screen, as drawn, until then. Anywhere else
 * it renders its children at once. For parts that act in the browser but not in the first moments (the
 * header's menu and account buttons, the footer's links).
 *
 * With `near` (the id of an element of the server's markup around the part), the part's turn comes only
 * once that element nears the screen or the visitor first touches, scrolls or types, and a click in it
 * meanwhile is held and given again once it is hydrated (docs/decisions.md, 115). For parts that start
 * below the first screen and have no button drawn disabled until hydrated.
 */
export function HydrateLater({ children, near }: { children: ReactNode; near?: string }) {
  const [turn] = useState(() => {
    if (hydratingFirstView) return near ? turnWhenNear(near) : nextTurn();
    // Drawn by the browser, not hydrated: presses in its region work at once, and are no longer held.
    if (near) takeEarlyPress();
    return null;
  });
  const [drawn] = useState(children);
  return (
    <Suspense fallback={null}>
      <AfterTurn turn={turn} drawn={drawn}>
        {children}
      </AfterTurn>
    </Suspense>
  );
}

/**
 * The attributes of the element named by a `HydrateLater`'s `near`: its `id`, and the mark that has the
 * page's inline script hold a press on one of its buttons made before the page's code has started, to be
 * given again once the button's part is hydrated (docs/decisions.md, 115).
 */
export function pressRegion(id: string): { id: string; 'data-hold-press': '' } {
  return { id, 'data-hold-press': '' };
}

/**
 * Classes for a part that starts below the first screen: the browser skips its style, layout and paint
 * until it nears the view, holding its place at its last drawn height (an estimate before it was ever
 * drawn). Nothing it contains may draw outside its box (paint containment clips it).
 */
export const RENDERED_WHEN_NEAR = '[content-visibility:auto] [contain-intrinsic-block-size:auto_20rem]';
