/**
 * The owner's reminders (docs/behaviour/revenue-share.md#the-reminder-ladder): what comes next unless the
 * report or payment arrives first, and what was sent, newest first (the last five, the rest on request).
 */
import { useState } from 'react';
import type { ReminderEntry } from '@platform/contracts';
import { formatDateTime } from '@platform/contracts/format';
import { Button, TitledCard, Skeleton } from '@platform/ui';
import { useMyReminders } from '../api/get-my-reminders';

const SHOWN = 5;

function Entries({ entries, label, empty }: { entries: ReminderEntry[]; label: string; empty: string }) {
  const [all, setAll] = useState(false);
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  const shown = all ? entries : entries.slice(0, SHOWN);
  return (
    <>
      <ul className="divide-y divide-border text-sm" aria-label={label}>
        {shown.map((entry) => (
          <li
            key={`${entry.kind}-${entry.step}-${entry.at}-${entry.label}`}
            className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4"
          >
            <span className="break-words">{entry.label}</span>
            <span className="whitespace-nowrap text-muted-foreground">{formatDateTime(entry.at)}</span>
          </li>
        ))}
      </ul>
      {entries.length > SHOWN ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="mt-1 justify-self-start"
          onClick={() => setAll(!all)}
        >
          {all ? 'Show fewer' : `Show all ${entries.length}`}
        </Button>
      ) : null}
    </>
  );
}

export function RevenueReminders() {
  const ladder = useMyReminders(true);
  return (
    <TitledCard
      titleId="revenue-reminders-title"
      region
      data-testid="revenue-reminders"
      title="Reminders"
      contentClassName="grid gap-6 sm:grid-cols-2"
    >
      {ladder.isPending ? (
        <Skeleton className="h-24 w-full sm:col-span-2" />
      ) : ladder.isError ? (
        <p className="text-sm text-destructive sm:col-span-2">
          Your reminders could not be read. Please reload the page to try again.
        </p>
      ) : (
        <>
          <section className="grid content-start gap-2">
            <h3 className="text-sm font-semibold">Coming next</h3>
            <Entries
              entries={ladder.data.next}
              label="Reminders coming next"
              empty="Nothing is scheduled: you are up to date."
            />
          </section>
          <section className="grid content-start gap-2">
            <h3 className="text-sm font-semibold">Sent to you</h3>
            <Entries entries={ladder.data.sent} label="Reminders sent" empty="No reminder sent yet." />
          </section>
        </>
      )}
    </TitledCard>
  );
}
