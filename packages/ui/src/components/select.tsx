// `@platform/ui/select`: an entry of its own (Radix), so pages that do not use it never download it.
import { CheckIcon, ChevronDownIcon, ChevronUpIcon } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { createSlotPart } from '../lib/create-slot-part';
import { focusRing } from '../lib/focus-ring';

export const Select = createSlotPart(SelectPrimitive.Root, 'select');

export const SelectGroup = createSlotPart(SelectPrimitive.Group, 'select-group');

export const SelectValue = createSlotPart(SelectPrimitive.Value, 'select-value');

/** Give it an id and a `<Label htmlFor>` (or an `aria-label`): it is the control the label names. */
export function SelectTrigger({
  className,
  children,
  ...props
}: ComponentProps<typeof SelectPrimitive.Trigger>) {
  return (
    <SelectPrimitive.Trigger
      data-slot="select-trigger"
      className={cn(
        'flex h-10 w-full cursor-pointer items-center justify-between gap-2 whitespace-nowrap rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground shadow-xs transition-colors',
        'data-[placeholder]:text-muted-foreground [&>span]:line-clamp-1',
        focusRing,
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDownIcon className="size-4 shrink-0 opacity-70" aria-hidden="true" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

/** The arrow at the list's top or bottom edge (it scrolls that way); its icon replaces any children. */
function createScrollButton(
  Primitive: typeof SelectPrimitive.ScrollUpButton | typeof SelectPrimitive.ScrollDownButton,
  slot: string,
  Icon: LucideIcon,
) {
  const Part = createSlotPart(Primitive, slot, 'flex cursor-default items-center justify-center py-1');
  return function ScrollButton(props: ComponentProps<typeof Primitive>) {
    return (
      <Part {...props}>
        <Icon className="size-4" aria-hidden="true" />
      </Part>
    );
  };
}

export const SelectScrollUpButton = createScrollButton(
  SelectPrimitive.ScrollUpButton,
  'select-scroll-up-button',
  ChevronUpIcon,
);

export const SelectScrollDownButton = createScrollButton(
  SelectPrimitive.ScrollDownButton,
  'select-scroll-down-button',
  ChevronDownIcon,
);

export function SelectContent({
  className,
  children,
  position = 'popper',
  ...props
}: ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        data-slot="select-content"
        position={position}
        className={cn(
          'relative z-50 max-h-(--radix-select-content-available-height) min-w-32 overflow-y-auto overflow-x-hidden rounded-md border border-border bg-popover text-popover-foreground shadow-md',
          'data-[state=open]:animate-fade-in',
          position === 'popper' && 'data-[side=bottom]:translate-y-1 data-[side=top]:-translate-y-1',
          className,
        )}
        {...props}
      >
        <SelectScrollUpButton />
        <SelectPrimitive.Viewport
          className={cn(
            'p-1',
            position === 'popper' &&
              'h-(--radix-select-trigger-height) w-full min-w-(--radix-select-trigger-width) scroll-my-1',
          )}
        >
          {children}
        </SelectPrimitive.Viewport>
        <SelectScrollDownButton />
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export const SelectLabel = createSlotPart(
  SelectPrimitive.Label,
  'select-label',
  'px-2 py-1.5 text-xs font-medium text-muted-foreground',
);

export function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      data-slot="select-item"
      className={cn(
        'relative flex w-full cursor-default select-none items-center gap-2 rounded-sm py-1.5 pl-2 pr-8 text-sm outline-hidden',
        'focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <span className="absolute right-2 flex size-3.5 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <CheckIcon className="size-4" aria-hidden="true" />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}

export const SelectSeparator = createSlotPart(
  SelectPrimitive.Separator,
  'select-separator',
  '-mx-1 my-1 h-px bg-border',
);
