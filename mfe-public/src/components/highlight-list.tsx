/** A course's facts in one wrapping line under its headline (rating, students, guarantee), each after its icon. */
import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

export function HighlightList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground" aria-label={label}>
      {children}
    </ul>
  );
}

/** One fact; `rated` draws its icon as a gold star. */
export function Highlight({
  icon: Icon,
  rated = false,
  children,
}: {
  icon: LucideIcon;
  rated?: boolean;
  children: ReactNode;
}) {
  return (
    <li className="flex items-center gap-1.5">
      <Icon className={rated ? 'size-4 fill-amber-400 text-amber-500' : 'size-4'} aria-hidden="true" />
      {children}
    </li>
  );
}
