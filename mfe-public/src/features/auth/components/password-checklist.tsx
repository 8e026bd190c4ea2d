/** The live list of password requirements, ✓ or ✗ each, with words for screen readers. */
import { cn } from '@platform/ui';
import { CircleCheckIcon, CircleXIcon } from 'lucide-react';
import { getPasswordChecklist } from '../lib/password-checklist';

type PasswordChecklistProps = {
  id: string;
  password: string;
  confirmPassword: string;
  minLength: number;
};

export function PasswordChecklist({ id, password, confirmPassword, minLength }: PasswordChecklistProps) {
  const checklist = getPasswordChecklist(password, confirmPassword, minLength);

  return (
    <div id={id} className="rounded-lg border border-border bg-muted px-4 py-3">
      <p className="text-sm font-medium">Password requirements</p>
      <ul className="mt-2 grid gap-1.5 text-sm" data-testid="password-checklist">
        {checklist.items.map((item) => {
          const Icon = item.met ? CircleCheckIcon : CircleXIcon;
          return (
            <li
              key={item.id}
              data-met={item.met}
              className={cn(
                'flex items-center gap-2 transition-colors',
                item.met ? 'text-success' : 'text-muted-foreground',
              )}
            >
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              <span>
                {item.label}
                <span className="sr-only">: {item.srText}</span>
              </span>
            </li>
          );
        })}
      </ul>
      {/* Announced when the count changes, not on every keystroke. */}
      <p className="sr-only" aria-live="polite">
        {password || confirmPassword ? checklist.summary : ''}
      </p>
    </div>
  );
}
