// `@platform/ui/tabs`: an entry of its own (Radix), so pages that do not use it never download it.
import { Tabs as TabsPrimitive } from 'radix-ui';
import { createSlotPart } from '../lib/create-slot-part';
import { focusRing } from '../lib/focus-ring';

export const Tabs = createSlotPart(TabsPrimitive.Root, 'tabs', 'flex flex-col gap-2');

export const TabsList = createSlotPart(
  TabsPrimitive.List,
  'tabs-list',
  'inline-flex h-10 w-fit items-center justify-center rounded-md bg-muted p-1 text-muted-foreground',
);

export const TabsTrigger = createSlotPart(
  TabsPrimitive.Trigger,
  'tabs-trigger',
  'inline-flex h-full cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium transition-colors',
  focusRing,
  'disabled:pointer-events-none disabled:opacity-50',
  'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
);

export const TabsContent = createSlotPart(
  TabsPrimitive.Content,
  'tabs-content',
  'flex-1 rounded-md',
  focusRing,
);
