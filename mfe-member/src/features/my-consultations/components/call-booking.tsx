/**
 * A consultation's call (docs/behaviour/consultation-and-contact.md#booking-a-call): the open slots in the
 * reader's time zone, named, to book one; once booked, the call and 'Cancel Call' until it begins.
 */
import { useId, useState } from 'react';
import {
  Button,
  SubmitButton,
  Label,
  LoadFailedAlert,
  NativeSelect,
  Skeleton,
  toast,
  toastFailure,
} from '@platform/ui';
import { ButtonDialog, DialogActions } from '@platform/ui/dialog';
import { formatCallTime, formatTimeZoneName } from '@platform/contracts/format';
import type { CallBooking, CallSlot } from '@platform/contracts';
import { useChangeConsultationCall, useConsultationCall } from '../api/consultation-call';
import { CALL_COPY, groupSlotsByDay, isCallHeld, readerTimeZone } from '../lib/call-booking';

function BookedCall({ submissionId, booking }: { submissionId: string; booking: CallBooking }) {
  const when = formatCallTime(booking.startsAt);
  return (
    <div className="space-y-3 rounded-lg border bg-muted p-4" data-testid="booked-call">
      <p className="text-sm">
        <span className="font-semibold">{CALL_COPY.yourCall}: </span>
        <time dateTime={booking.startsAt}>{when}</time>
      </p>
      {isCallHeld(booking) ? (
        <p className="text-sm text-muted-foreground">{CALL_COPY.held}</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{CALL_COPY.invitation}</p>
          <CancelCall submissionId={submissionId} when={when} />
        </>
      )}
    </div>
  );
}

function CancelCall({ submissionId, when }: { submissionId: string; when: string }) {
  const { cancel } = useChangeConsultationCall(submissionId);
  return (
    <ButtonDialog
      trigger={<Button variant="outline">{CALL_COPY.cancel}</Button>}
      title={CALL_COPY.cancelTitle}
      description={CALL_COPY.cancelText(when)}
    >
      {(close) => (
        <DialogActions
          label={CALL_COPY.cancel}
          busyLabel={CALL_COPY.cancelling}
          busy={cancel.isPending}
          cancelLabel={CALL_COPY.keep}
          variant="destructive"
          onAction={() =>
            cancel.mutate(undefined, {
              onSuccess: () => {
                close();
                toast({
                  title: CALL_COPY.cancelledTitle,
                  description: CALL_COPY.cancelledText,
                  variant: 'success',
                });
              },
              onError: (failure) =>
                toastFailure(failure, CALL_COPY.cancelFailedTitle, CALL_COPY.cancelFailedText),
            })
          }
        />
      )}
    </ButtonDialog>
  );
}

function OpenSlots({ submissionId, slots }: { submissionId: string; slots: CallSlot[] }) {
  const id = useId();
  const { book } = useChangeConsultationCall(submissionId);
  const days = groupSlotsByDay(slots);
  const [dayKey, setDayKey] = useState(days[0]?.key ?? '');
  const [chosen, setChosen] = useState<string | null>(null);
  const day = days.find((candidate) => candidate.key === dayKey) ?? days[0];
  if (!day) return <p className="text-sm text-muted-foreground">{CALL_COPY.none}</p>;

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) return;
        book.mutate(
          { startsAt: chosen, timeZone: readerTimeZone() },
          {
            onSuccess: () =>
              toast({ title: CALL_COPY.bookedTitle, description: CALL_COPY.bookedText, variant: 'success' }),
            onError: (failure) => {
              setChosen(null);
              toastFailure(failure, CALL_COPY.bookFailedTitle, CALL_COPY.bookFailedText);
            },
          },
        );
      }}
    >
      <div className="flex max-w-xs flex-col gap-1.5">
        <Label htmlFor={`${id}-day`}>{CALL_COPY.day}</Label>
        <NativeSelect
          id={`${id}-day`}
          value={day.key}
          onChange={(event) => {
            setDayKey(event.target.value);
            setChosen(null);
          }}
        >
          {days.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{CALL_COPY.time}</legend>
        <div className="flex flex-wrap gap-2">
          {day.slots.map((slot) => (
            <label
              key={slot.startsAt}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name={`${id}-slot`}
                value={slot.startsAt}
                checked={chosen === slot.startsAt}
                onChange={() => setChosen(slot.startsAt)}
                className="size-4 accent-primary"
              />
              {slot.label}
            </label>
          ))}
        </div>
      </fieldset>
      <SubmitButton disabled={!chosen} busy={book.isPending} busyLabel={CALL_COPY.booking}>
        {CALL_COPY.book}
      </SubmitButton>
    </form>
  );
}

export function ConsultationCallBooking({ submissionId }: { submissionId: string }) {
  const call = useConsultationCall(submissionId);
  const headingId = `call-${submissionId}`;
  let body;
  if (call.isPending) {
    body = <Skeleton className="h-24 w-full" aria-busy="true" />;
  } else if (call.isError) {
    body = <LoadFailedAlert title={CALL_COPY.loadError} onRetry={() => void call.refetch()} />;
  } else if (call.data.booking) {
    body = <BookedCall submissionId={submissionId} booking={call.data.booking} />;
  } else if (call.data.slots.length === 0) {
    body = <p className="text-sm text-muted-foreground">{CALL_COPY.none}</p>;
  } else {
    body = <OpenSlots submissionId={submissionId} slots={call.data.slots} />;
  }
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="consultation-call">
      <h3 id={headingId} className="font-semibold">
        {CALL_COPY.title}
      </h3>
      <p className="text-sm text-muted-foreground">{CALL_COPY.intro}</p>
      <p className="text-sm" data-testid="call-time-zone">
        {CALL_COPY.zone(`${formatTimeZoneName(readerTimeZone())} (${readerTimeZone()})`)}
      </p>
      {body}
    </section>
  );
}
