/** A toast shows for 5 s unless it sets its own duration. */
export const TOAST_DURATION_MS = 5000;
/** Swiping a toast 50 px dismisses it. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** F8 moves focus to the toast region. */
export const TOAST_HOTKEY = ['F8'];
