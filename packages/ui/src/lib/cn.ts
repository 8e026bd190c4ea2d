import { clsx } from 'clsx';
import type { ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export type { ClassValue };

/** Joins class names (clsx) and resolves Tailwind conflicts, so a caller's `px-2` replaces a component's `px-4`. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
