import type { ComponentProps, ElementType, FunctionComponent } from 'react';
import { cn } from './cn';
import type { ClassValue } from './cn';

/**
 * One part of a design-system component that only names and styles an element or a Radix part:
 * `Component` rendered with `data-slot={slot}` and the part's own `classes`, which a caller's `className`
 * extends or overrides (`cn`). Every other prop, `ref` and `children` included, passes through (and may
 * replace the `data-slot`). A part without classes of its own leaves `className` as the caller gave it.
 * Its name in React's tools is the slot's in PascalCase (`dialog-title` → `DialogTitle`).
 */
export function createSlotPart<C extends ElementType>(
  Component: C,
  slot: string,
  ...classes: ClassValue[]
): FunctionComponent<ComponentProps<C>> {
  const Part: ElementType = Component;
  function SlotPart(props: ComponentProps<C>) {
    // Without classes of its own, no `className` key unless the caller gave one: Radix's `asChild` would
    // turn an undefined one into `class=""`.
    if (classes.length === 0) return <Part data-slot={slot} {...props} />;
    const { className, ...rest } = props as ComponentProps<C> & { className?: ClassValue };
    return <Part data-slot={slot} className={cn(...classes, className)} {...rest} />;
  }
  SlotPart.displayName = slot.replace(/(?:^|-)(\w)/g, (_, letter: string) => letter.toUpperCase());
  return SlotPart;
}
