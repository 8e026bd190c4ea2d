import { Label as LabelPrimitive } from 'radix-ui';
import { createSlotPart } from '../lib/create-slot-part';

export const Label = createSlotPart(
  LabelPrimitive.Root,
  'label',
  'flex select-none items-center gap-2 text-sm font-medium leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70',
);
