import { TitledCard } from '@platform/ui';

// An illustrated portrait (no photo of the instructor ships with the site): inline, so it costs no request.
const AVATAR_SRC =
  'data:image/svg+xml,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="#fed7aa"/><path d="M20 86c4-16 16-24 28-24s24 8 28 24" fill="#b93d0b"/><circle cx="48" cy="42" r="16" fill="#f5d0b0"/><path d="M30 28c0-9 8-14 18-14s18 5 18 14c0 3-2 5-4 5H34c-2 0-4-2-4-5z" fill="#fff"/><rect x="32" y="30" width="32" height="6" rx="3" fill="#e7e5e4"/><circle cx="42" cy="43" r="1.8" fill="#44403c"/><circle cx="54" cy="43" r="1.8" fill="#44403c"/><path d="M42 50c3 3 9 3 12 0" stroke="#44403c" stroke-width="2" fill="none" stroke-linecap="round"/></svg>`,
  );

export function InstructorCard() {
  return (
    <TitledCard title="About the Instructor" contentClassName="space-y-4">
      <div className="flex items-center gap-4">
        <img
          src={AVATAR_SRC}
          alt="Illustrated portrait of the course instructor in a chef's hat"
          width={64}
          height={64}
          className="size-16 shrink-0 rounded-full"
        />
        <div>
          <p className="font-semibold">Your instructor</p>
          <p className="text-sm text-muted-foreground">Former Restaurant Owner</p>
        </div>
      </div>
      <p className="text-sm leading-relaxed text-muted-foreground">
        Ran a family restaurant for over a decade and grew it from a few tables a night to a full dining room.
        Now teaches new owners the everyday systems — service, menu, pricing and atmosphere — that turn
        first-time guests into regulars.
      </p>
    </TitledCard>
  );
}
