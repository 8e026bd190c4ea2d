import { createSlotPart } from '../lib/create-slot-part';
import { focusRing } from '../lib/focus-ring';

export const Textarea = createSlotPart(
  'textarea',
  'textarea',
  'flex min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground shadow-xs transition-colors md:text-sm',
  'placeholder:text-muted-foreground',
  focusRing,
  'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive',
);
