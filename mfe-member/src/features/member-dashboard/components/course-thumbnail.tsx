/**
 * A course's picture (decorative: the title sits next to it), a plain panel without one, and the lock
 * over it for non-members.
 */
function LockIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      className="size-8"
    >
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" strokeLinecap="round" />
    </svg>
  );
}

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
          <LockIcon />
          <span className="sr-only">Locked: membership required</span>
        </div>
      ) : null}
    </div>
  );
}
