/**
 * The one visible focus indicator of the design system: a 2px ring in `--ring` with an offset in the
 * page colour, shown for keyboard focus only. `outline-hidden` keeps a real outline in forced-colours mode.
 */
export const focusRing =
  'outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';
