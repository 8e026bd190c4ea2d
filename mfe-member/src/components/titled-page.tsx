/**
 * The frame of the member's own pages (account, team, orders, notifications, revenue report): the page
 * column, then a header with the page's title and the line that says what it is for.
 */
import type { ReactNode } from 'react';

/** The page column with its title and description above `children`; `width` is a Tailwind max-width class. */
export function TitledPage({
  title,
  description,
  width,
  children,
}: {
  title: string;
  description: string;
  width: 'max-w-2xl' | 'max-w-3xl' | 'max-w-5xl';
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto w-full ${width} px-4 py-10 sm:py-14`}>
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-muted-foreground">{description}</p>
      </header>
      {children}
    </div>
  );
}
