/**
 * The previous and next lessons under a lesson, in course order across sections: an open one is a link; a
 * locked one is shown as locked with when it opens (local time), or that it waits for the consultation.
 */
import type { LessonNavigation, LessonStop } from '@platform/contracts';
import { Link } from 'react-router-dom';
import { LockIcon } from '../../courses/components/lock-icon';
import { describeLockedStop } from '../lib/lesson-stops';

type Direction = 'previous' | 'next';

const LABEL: Record<Direction, string> = { previous: 'Previous lesson', next: 'Next lesson' };

function StopLabel({ direction, locked }: { direction: Direction; locked: boolean }) {
  return (
    <span className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
      {direction === 'previous' ? <span aria-hidden="true">←</span> : null}
      {LABEL[direction]}
      {locked ? (
        <>
          <span aria-hidden="true">·</span>
          <LockIcon className="size-3.5" />
          Locked
        </>
      ) : null}
      {direction === 'next' ? <span aria-hidden="true">→</span> : null}
    </span>
  );
}

function PagerStop({ direction, stop }: { direction: Direction; stop: LessonStop }) {
  const align = direction === 'next' ? 'sm:items-end sm:text-right' : '';
  const testId = `${direction}-lesson`;
  if (!stop.isLocked) {
    return (
      <Link
        to={`/lessons/${stop.id}`}
        rel={direction === 'next' ? 'next' : 'prev'}
        data-testid={testId}
        className={`flex flex-col gap-1 rounded-xl border border-border bg-card p-4 transition-colors hover:border-primary hover:bg-primary/5 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none ${align}`}
      >
        <StopLabel direction={direction} locked={false} />
        <span className="font-semibold text-foreground">{stop.title}</span>
        {stop.completed ? <span className="text-sm text-muted-foreground">Completed</span> : null}
      </Link>
    );
  }
  const when = describeLockedStop(stop);
  return (
    <div
      data-testid={testId}
      className={`flex flex-col gap-1 rounded-xl border border-dashed border-border bg-muted/40 p-4 ${align}`}
    >
      <StopLabel direction={direction} locked />
      <span className="font-semibold text-muted-foreground">{stop.title}</span>
      {stop.lockedReason === 'schedule' && stop.unlockDate ? (
        <time dateTime={stop.unlockDate} className="text-sm text-muted-foreground" data-testid="opens-at">
          {when}
        </time>
      ) : (
        <span className="text-sm text-muted-foreground">{when}</span>
      )}
    </div>
  );
}

export function LessonPager({ navigation }: { navigation: LessonNavigation }) {
  const { previous, next } = navigation;
  if (!previous && !next) return null;
  return (
    <nav aria-label="Previous and next lessons" className="grid gap-3 sm:grid-cols-2">
      {previous ? <PagerStop direction="previous" stop={previous} /> : <span className="max-sm:hidden" />}
      {next ? <PagerStop direction="next" stop={next} /> : null}
    </nav>
  );
}
