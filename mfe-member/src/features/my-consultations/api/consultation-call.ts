/**
 * The owner's call for one consultation (docs/behaviour/consultation-and-contact.md#booking-a-call):
 * `GET /api/consultations/{id}/call` (open slots and the live booking), `POST` to book one, `DELETE` to
 * cancel. Both changes read the call again.
 */
import type { BookCallRequest } from '@platform/contracts';
import { defineParsedQueryFamily, requestParsed, useRefreshingMutation } from '@platform/ui';

const consultationCall = defineParsedQueryFamily(
  (submissionId: string) => ['/api/consultations', submissionId, 'call'] as const,
  (contracts) => contracts.ConsultationCallSchema,
);

export const consultationCallKey = consultationCall.queryKey;
export const useConsultationCall = consultationCall.use;

/** `book(request)` and `cancel()` for one consultation's call. */
export function useChangeConsultationCall(submissionId: string) {
  const queryKey = consultationCallKey(submissionId);
  const path = queryKey.join('/');
  const settle = { refreshes: [queryKey] };
  const book = useRefreshingMutation(
    (request: BookCallRequest) =>
      requestParsed('POST', path, request, (contracts) => contracts.CallBookingSchema),
    settle,
  );
  const cancel = useRefreshingMutation(
    () => requestParsed('DELETE', path, undefined, (contracts) => contracts.CallBookingSchema),
    settle,
  );
  return { book, cancel };
}
