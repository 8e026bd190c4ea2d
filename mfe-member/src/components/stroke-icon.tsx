/** An inline outline icon drawn in the text colour; decorative, since the words beside it say what it means. */
import type { ReactNode } from 'react';

export function StrokeIcon({
  viewBox = '0 0 24 24',
  strokeWidth = '2',
  className,
  children,
}: {
  viewBox?: string;
  strokeWidth?: string;
  className: string;
  /** The icon's shapes. */
  children: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox={viewBox}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      className={className}
    >
      {children}
    </svg>
  );
}
