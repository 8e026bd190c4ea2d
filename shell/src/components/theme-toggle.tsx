/*
 * The light/dark switch in the header. Its tooltip's Radix code (`@platform/ui/tooltip`, with floating-ui)
 * loads when a mouse first hovers the button or the keyboard first focuses it, not with the first view.
 */
import { useEffect, useRef, useState } from 'react';
import type { FocusEvent, PointerEvent } from 'react';
import { Button, useHydrated, useTheme } from '@platform/ui';
import { MoonIcon, SunIcon } from './icons';

const loadTooltipModule = () => import('@platform/ui/tooltip');
type TooltipModule = Awaited<ReturnType<typeof loadTooltipModule>>;

// Kept for the page's lifetime, so a toggle mounted again (another layout) starts with its tooltip.
let loadedTooltipModule: TooltipModule | null = null;

export function ThemeToggle() {
  const { theme: storedTheme, toggleTheme } = useTheme();
  // A prerendered page is light until hydrated (the stored theme is the browser's): the icon follows the
  // `dark` class that index.html sets before the first paint, the label the theme once hydrated.
  // Before hydration the button shows no stored theme and does not act (a press would be lost).
  const hydrated = useHydrated();
  const theme = hydrated ? storedTheme : 'light';
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  const [tooltip, setTooltip] = useState<TooltipModule | null>(loadedTooltipModule);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const shouldRestoreFocus = useRef(false);
  // The tooltip's trigger replaces the button. Code that arrives while the button is held down waits for
  // the press to end: a press that begins on one button and ends on another is no click, and would be lost.
  const pressed = useRef(false);
  const arrived = useRef<TooltipModule | null>(null);

  const showTooltip = (module: TooltipModule) => {
    if (pressed.current) {
      arrived.current = module;
      return;
    }
    // Keyboard focus moves to the trigger (and opens the tooltip).
    shouldRestoreFocus.current = document.activeElement === buttonRef.current;
    setTooltip(module);
  };

  const loadTooltip = () => {
    if (tooltip) return;
    loadTooltipModule().then(
      (module) => {
        loadedTooltipModule = module;
        showTooltip(module);
      },
      (error: unknown) => console.warn('The theme toggle tooltip could not be loaded', error),
    );
  };

  const onPress = () => {
    pressed.current = true;
  };
  // After the click that the release makes, which the browser sends once this handler is done.
  const onRelease = () => {
    pressed.current = false;
    const module = arrived.current;
    arrived.current = null;
    if (module) setTimeout(() => showTooltip(module));
  };

  // A press begins with the pointer down and ends when it is lifted, cancelled or leaves the button.
  const pressHandlers = {
    onPointerDown: onPress,
    onPointerUp: onRelease,
    onPointerCancel: onRelease,
    onPointerLeave: onRelease,
  };

  useEffect(() => {
    if (!tooltip || !shouldRestoreFocus.current) return;
    shouldRestoreFocus.current = false;
    buttonRef.current?.focus();
  }, [tooltip]);

  const onPointerEnter = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.pointerType !== 'touch') loadTooltip();
  };
  // Keyboard focus only: a tap or a click does not open a tooltip either.
  const onFocus = (event: FocusEvent<HTMLButtonElement>) => {
    if (event.currentTarget.matches(':focus-visible')) loadTooltip();
  };

  const button = (
    <Button
      ref={buttonRef}
      variant="ghost"
      size="icon"
      type="button"
      aria-label={label}
      disabled={!hydrated}
      onClick={toggleTheme}
      onPointerEnter={onPointerEnter}
      {...pressHandlers}
      onFocus={onFocus}
    >
      <SunIcon className="hidden size-5 dark:block" />
      <MoonIcon className="size-5 dark:hidden" />
    </Button>
  );
  if (!tooltip) return button;

  const { Tooltip, TooltipContent, TooltipTrigger } = tooltip;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
