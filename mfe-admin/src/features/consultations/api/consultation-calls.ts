/**
 * The admin's side of call booking (docs/behaviour/consultation-and-contact.md#booking-a-call): the
 * published week (`GET`/`PUT /api/admin/consultations/call-availability`) and the calls booked from now on
 * (`GET /api/admin/consultations/calls`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallAvailability } from '@platform/contracts';
import { defineParsedQuery, requestParsed } from '@platform/ui';

const callAvailability = defineParsedQuery(
  ['/api/admin/consultations/call-availability'],
  (contracts) => contracts.CallAvailabilityViewSchema,
);
const bookedCalls = defineParsedQuery(
  ['/api/admin/consultations/calls'],
  (contracts) => contracts.AdminCallListSchema,
);

export const CALL_AVAILABILITY_QUERY_KEY = callAvailability.queryKey;
export const BOOKED_CALLS_QUERY_KEY = bookedCalls.queryKey;
export const useCallAvailability = () => callAvailability.use();

export function usePublishCallAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (availability: CallAvailability) =>
      requestParsed(
        'PUT',
        CALL_AVAILABILITY_QUERY_KEY[0],
        availability,
        (contracts) => contracts.CallAvailabilityViewSchema,
      ),
    onSuccess: (saved) => client.setQueryData(CALL_AVAILABILITY_QUERY_KEY, saved),
  });
}

export const useBookedCalls = () => bookedCalls.use();
