/*
 * `@platform/ui/tooltip`: Radix tooltips (with floating-ui, its own entry so pages without a tooltip do
 * not download it). The delays come from the root entry's `TooltipProvider`; each Tooltip carries its own
 * Radix provider, and the rule "moving to another tooltip within the skip delay opens it at once" holds
 * across tooltips through one flag in this (singleton) module.
 */
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import type { ComponentProps } from 'react';
// Through the package name: the settings context must be the shared root entry's.
import { useTooltipSettings } from '@platform/ui';
import { cn } from '../lib/cn';
import { createSlotPart } from '../lib/create-slot-part';

export { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, TooltipProvider } from '@platform/ui';

// True while a tooltip is open and for the skip delay after it closes (Radix's provider, shared).
let isSkippingDelay = false;
let skipTimer: ReturnType<typeof setTimeout> | undefined;
const skipListeners = new Set<() => void>();

function setSkippingDelay(value: boolean) {
  if (isSkippingDelay === value) return;
  isSkippingDelay = value;
  skipListeners.forEach((listener) => listener());
}

function subscribeToSkipping(listener: () => void) {
  skipListeners.add(listener);
  return () => skipListeners.delete(listener);
}

const getSkipping = () => isSkippingDelay;
const getSkippingOnServer = () => false;

export function Tooltip({
  delayDuration,
  onOpenChange,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Root>) {
  const settings = useTooltipSettings();
  const isSkipping = useSyncExternalStore(subscribeToSkipping, getSkipping, getSkippingOnServer);

  const handleOpenChange = (open: boolean) => {
    clearTimeout(skipTimer);
    if (open) setSkippingDelay(true);
    else skipTimer = setTimeout(() => setSkippingDelay(false), settings.skipDelayDuration);
    onOpenChange?.(open);
  };

  return (
    <TooltipPrimitive.Provider
      delayDuration={settings.delayDuration}
      skipDelayDuration={settings.skipDelayDuration}
      disableHoverableContent={settings.disableHoverableContent}
    >
      <TooltipPrimitive.Root
        data-slot="tooltip"
        delayDuration={isSkipping ? 0 : (delayDuration ?? settings.delayDuration)}
        onOpenChange={handleOpenChange}
        {...props}
      />
    </TooltipPrimitive.Provider>
  );
}

/**
 * Opens on hover and on keyboard focus. A disabled `<button>` gets no focus or hover events: wrap it in
 * a focusable `<span tabIndex={0}>` trigger when its tooltip explains why it is disabled.
 */
export const TooltipTrigger = createSlotPart(TooltipPrimitive.Trigger, 'tooltip-trigger');

export function TooltipContent({
  className,
  sideOffset = 4,
  children,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn(
          'z-50 w-fit max-w-xs text-balance rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md',
          'animate-fade-in data-[state=closed]:animate-fade-out',
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-foreground" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}
