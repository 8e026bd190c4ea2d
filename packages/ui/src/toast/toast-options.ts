/** Public-site spec §9: a toast shows for 5 s unless it sets its own duration. */
export const TOAST_DURATION_MS = 5000;
/** Public-site spec §9: swiping a toast 50 px dismisses it. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** Public-site spec §9: F8 moves focus to the toast region. */
export const TOAST_HOTKEY = ['F8'];
