/**
 * The frame the lesson and section pages share (docs/behaviour/member-learning.md): the page column, the
 * link back, the loading skeleton, the 'Not Found' card and the card of key points.
 */
import { ButtonLink, CheckList, LoadingPlaceholder, NoticeCard, Skeleton, TitledCard } from '@platform/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function StudyPageShell({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12">{children}</div>;
}

/** '← Back to …' above the page's title. */
export function StudyBackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <span aria-hidden="true">←</span> {children}
    </Link>
  );
}

/** The page while it loads: `status` for screen readers, then one bar per class name. */
export function StudyPageSkeleton({ status, bars }: { status: string; bars: readonly string[] }) {
  return (
    <StudyPageShell>
      <LoadingPlaceholder label={status} className="space-y-4">
        {bars.map((bar, index) => (
          <Skeleton key={index} className={bar} />
        ))}
      </LoadingPlaceholder>
    </StudyPageShell>
  );
}

export function StudyNotFound({
  title,
  description,
  backTo,
  backLabel,
}: {
  title: string;
  description: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <StudyPageShell>
      <NoticeCard className="mx-auto max-w-lg" title={title} description={description}>
        <ButtonLink to={backTo}>{backLabel}</ButtonLink>
      </NoticeCard>
    </StudyPageShell>
  );
}

/** A card headed `title` (an h2 with `id`, for the section's aria-labelledby) listing `items` as ticks. */
export function KeyPointsCard({
  id,
  title,
  items,
  listClassName,
}: {
  id: string;
  title: string;
  items: readonly string[];
  listClassName?: string;
}) {
  return (
    <TitledCard titleId={id} title={title}>
      <CheckList items={items} className={listClassName} />
    </TitledCard>
  );
}
