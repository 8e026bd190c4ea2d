/**
 * The admin's side of call booking (docs/behaviour/consultation-and-contact.md#booking-a-call): the
 * published week (`GET`/`PUT /api/admin/consultations/call-availability`) and the calls booked from now on
 * (`GET /api/admin/consultations/calls`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallAvailability } from '@platform/contracts';
import { parsedQueryFn, requestParsed } from '@platform/ui';

export const CALL_AVAILABILITY_QUERY_KEY = ['/api/admin/consultations/call-availability'] as const;
export const BOOKED_CALLS_QUERY_KEY = ['/api/admin/consultations/calls'] as const;

export function useCallAvailability() {
  return useQuery({
    queryKey: CALL_AVAILABILITY_QUERY_KEY,
    queryFn: parsedQueryFn((contracts) => contracts.CallAvailabilityViewSchema),
  });
}

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

export function useBookedCalls() {
  return useQuery({
    queryKey: BOOKED_CALLS_QUERY_KEY,
    queryFn: parsedQueryFn((contracts) => contracts.AdminCallListSchema),
  });
}
