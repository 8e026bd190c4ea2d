/** One card of the admin home: its title links to the page (the whole card is the target), one figure. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Skeleton } from '@platform/ui';
import { ADMIN_HOME_COPY } from '../lib/admin-home-figures';
import type { AdminHomeCard as AdminHomeCardData, HomeFigure } from '../lib/admin-home-figures';

export type FigureState =
  { kind: 'loading' } | { kind: 'failed'; retry: () => void } | { kind: 'ready'; figure: HomeFigure };

function Figure({ state }: { state: FigureState }): ReactNode {
  switch (state.kind) {
    case 'loading':
      return (
        <div aria-busy="true" data-testid="figure-loading">
          <span className="sr-only">Loading…</span>
          <Skeleton className="h-9 w-24" />
          <Skeleton className="mt-2 h-4 w-48" />
        </div>
      );
    case 'failed':
      return (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-destructive">{ADMIN_HOME_COPY.figureFailed}</p>
          {/* Above the card's stretched link, so it stays clickable. */}
          <Button variant="outline" size="sm" className="relative z-10" onClick={state.retry}>
            {ADMIN_HOME_COPY.retry}
          </Button>
        </div>
      );
    case 'ready':
      return (
        <p data-testid="figure">
          <span className="block text-3xl font-bold tracking-tight">{state.figure.value}</span>
          <span className="text-sm text-muted-foreground">{state.figure.label}</span>
        </p>
      );
  }
}

export function AdminHomeCard({ card, figure }: { card: AdminHomeCardData; figure: FigureState }) {
  return (
    <Card
      className="relative flex w-full flex-col gap-4 p-6 transition-colors has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring has-[a:focus-visible]:ring-offset-2 has-[a:focus-visible]:ring-offset-background hover:bg-accent/40"
      data-testid={`admin-card-${card.id}`}
    >
      <h2 className="text-xl font-semibold tracking-tight">
        <Link
          to={card.to}
          className="outline-hidden after:absolute after:inset-0 after:rounded-xl after:content-['']"
        >
          {card.title}
        </Link>
      </h2>
      <p className="text-sm text-muted-foreground">{card.description}</p>
      <div className="mt-auto">
        <Figure state={figure} />
      </div>
    </Card>
  );
}
