import { createSlotPart } from '../lib/create-slot-part';
import { focusRing } from '../lib/focus-ring';

/**
 * The browser's own `<select>` in the look of `Input`: on a phone it opens the system's picker, and the
 * keyboard works as everywhere. Pair it with a `<Label htmlFor>`.
 */
export const NativeSelect = createSlotPart(
  'select',
  'native-select',
  'h-11 w-full min-w-0 rounded-md border border-input bg-background px-3 text-base text-foreground shadow-xs md:text-sm',
  focusRing,
  'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
);
