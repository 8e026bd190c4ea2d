/** A small padlock, decorative (the text beside it says 'Locked'). */
import { StrokeIcon } from '../../../components/stroke-icon';

export function LockIcon({ className = 'size-4' }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" strokeLinecap="round" />
    </StrokeIcon>
  );
}
