/**
 * The owner's call for one consultation (docs/behaviour/consultation-and-contact.md#booking-a-call):
 * `GET /api/consultations/{id}/call` (open slots and the live booking), `POST` to book one, `DELETE` to
 * cancel. Both changes read the call again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookCallRequest } from '@platform/contracts';
import { parsedQueryFn, requestParsed } from '@platform/ui';

export function consultationCallKey(submissionId: string) {
  return ['/api/consultations', submissionId, 'call'] as const;
}

export function useConsultationCall(submissionId: string) {
  return useQuery({
    queryKey: consultationCallKey(submissionId),
    queryFn: parsedQueryFn((contracts) => contracts.ConsultationCallSchema),
  });
}

/** `book(request)` and `cancel()` for one consultation's call. */
export function useChangeConsultationCall(submissionId: string) {
  const client = useQueryClient();
  const queryKey = consultationCallKey(submissionId);
  const path = queryKey.join('/');
  const settle = { onSettled: () => client.invalidateQueries({ queryKey }) };
  const book = useMutation({
    mutationFn: (request: BookCallRequest) =>
      requestParsed('POST', path, request, (contracts) => contracts.CallBookingSchema),
    ...settle,
  });
  const cancel = useMutation({
    mutationFn: () => requestParsed('DELETE', path, undefined, (contracts) => contracts.CallBookingSchema),
    ...settle,
  });
  return { book, cancel };
}
