/**
 * Calls on the admin's consultations page (docs/behaviour/consultation-and-contact.md#booking-a-call):
 * 'Call Availability' to publish the week, and 'Booked Calls', soonest first, in the admin's time zone.
 */
import {
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyStateCard,
  LoadFailedAlert,
  LoadingList,
} from '@platform/ui';
import { formatCallTime, formatTimeZoneName } from '@platform/contracts/format';
import { useBookedCalls, useCallAvailability } from '../api/consultation-calls';
import { AVAILABILITY_COPY, BOOKED_CALLS_COPY } from '../lib/call-availability';
import { CallAvailabilityForm } from './call-availability-form';

function BookedCalls() {
  const calls = useBookedCalls();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  let body;
  if (calls.isPending) {
    body = <LoadingList label="Loading booked calls…" rows={2} rowHeight="h-14" />;
  } else if (calls.isError) {
    body = <LoadFailedAlert title={BOOKED_CALLS_COPY.loadError} onRetry={() => void calls.refetch()} />;
  } else if (calls.data.length === 0) {
    body = <EmptyStateCard title={BOOKED_CALLS_COPY.empty} testId="no-booked-calls" />;
  } else {
    body = (
      <ul className="space-y-2" aria-label={BOOKED_CALLS_COPY.title}>
        {calls.data.map((call) => (
          <li key={call.id} className="rounded-md border p-3 text-sm" data-testid="booked-call">
            <p className="font-semibold">
              <time dateTime={call.startsAt}>{formatCallTime(call.startsAt)}</time>
            </p>
            <p className="break-words">
              {call.businessName}: {call.ownerName} &lt;{call.email}&gt;
            </p>
            <p className="text-muted-foreground">{BOOKED_CALLS_COPY.ownerZone(call.ownerTimeZone)}</p>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-xl">{BOOKED_CALLS_COPY.title}</h2>
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {BOOKED_CALLS_COPY.description(`${formatTimeZoneName(zone)} (${zone})`)}
        </p>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

export function ConsultationCalls() {
  const availability = useCallAvailability();
  return (
    <section
      aria-label="Calls"
      className="mt-10 grid items-start gap-8 lg:grid-cols-2"
      data-testid="consultation-calls"
    >
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-xl">{AVAILABILITY_COPY.title}</h2>
          </CardTitle>
          <p className="text-sm text-muted-foreground">{AVAILABILITY_COPY.description}</p>
        </CardHeader>
        <CardContent>
          {availability.isPending ? (
            <LoadingList label="Loading the call availability…" rows={2} rowHeight="h-12" />
          ) : availability.isError ? (
            <LoadFailedAlert
              title={AVAILABILITY_COPY.loadError}
              onRetry={() => void availability.refetch()}
            />
          ) : (
            <CallAvailabilityForm view={availability.data} />
          )}
        </CardContent>
      </Card>
      <BookedCalls />
    </section>
  );
}
