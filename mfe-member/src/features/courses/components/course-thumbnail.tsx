/**
 * A course's picture (decorative: the title sits next to it), a plain panel without one, and the lock
 * over it for non-members.
 */
import { LockIcon } from './lock-icon';

export function CourseThumbnail({ src, locked = false }: { src: string | null; locked?: boolean }) {
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-t-xl bg-muted">
      {src ? (
        <img src={src} alt="" loading="lazy" className="h-full w-full object-cover" />
      ) : (
        <div aria-hidden="true" className="h-full w-full bg-gradient-to-br from-primary/25 to-primary/5" />
      )}
      {locked ? (
        <div
          className="absolute inset-0 flex items-center justify-center bg-black/55 text-white"
          data-testid="lock-overlay"
        >
          <LockIcon className="size-8" />
          <span className="sr-only">Locked: membership required</span>
        </div>
      ) : null}
    </div>
  );
}
