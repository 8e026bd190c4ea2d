/*
 * The tooltip delays every `Tooltip` below reads (root entry, no Radix): the shell mounts it around the
 * app, and the Radix tooltip code (`@platform/ui/tooltip`) loads only with the first tooltip.
 */
import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';

/** A tooltip opens after 700 ms; moving to another within 300 ms opens it at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export type TooltipSettings = {
  delayDuration: number;
  skipDelayDuration: number;
  disableHoverableContent: boolean | undefined;
};

const TooltipSettingsContext = createContext<TooltipSettings>({
  delayDuration: TOOLTIP_DELAY_MS,
  skipDelayDuration: TOOLTIP_SKIP_DELAY_MS,
  disableHoverableContent: undefined,
});

/** Mount once around the app (the shell does); every `Tooltip` below uses its delays. */
export function TooltipProvider({
  delayDuration = TOOLTIP_DELAY_MS,
  skipDelayDuration = TOOLTIP_SKIP_DELAY_MS,
  disableHoverableContent,
  children,
}: Partial<TooltipSettings> & { children?: ReactNode }) {
  const settings = useMemo(
    () => ({ delayDuration, skipDelayDuration, disableHoverableContent }),
    [delayDuration, skipDelayDuration, disableHoverableContent],
  );
  return <TooltipSettingsContext.Provider value={settings}>{children}</TooltipSettingsContext.Provider>;
}

/** The delays of the nearest `TooltipProvider` (the defaults without one). */
export function useTooltipSettings(): TooltipSettings {
  return useContext(TooltipSettingsContext);
}
