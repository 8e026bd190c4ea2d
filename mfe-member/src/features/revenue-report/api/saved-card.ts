/**
 * The owner's card on file (docs/behaviour/revenue-share.md#card-on-file), kept by the payment service:
 * `GET /api/saved-card` to show it, `POST /api/saved-card/setup` for the page where a card is entered
 * (Stripe's, or the test provider's TEST MODE page), `DELETE /api/saved-card` to remove it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MySavedCard, SavedCardReturnPage, SavedCardSetupResponse } from '@platform/contracts';
import { defineParsedQuery, requestParsed } from '@platform/ui';

const mySavedCard = defineParsedQuery(['/api/saved-card'], (contracts) => contracts.MySavedCardSchema);

export const MY_SAVED_CARD_QUERY_KEY = mySavedCard.queryKey;
export const useMySavedCard = mySavedCard.use;

export function startCardSetup(returnTo: SavedCardReturnPage): Promise<SavedCardSetupResponse> {
  return requestParsed(
    'POST',
    '/api/saved-card/setup',
    { returnTo },
    (contracts) => contracts.SavedCardSetupResponseSchema,
  );
}

export function useStartCardSetup() {
  return useMutation({ mutationFn: startCardSetup });
}

export function useRemoveSavedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<MySavedCard> =>
      requestParsed('DELETE', '/api/saved-card', undefined, (contracts) => contracts.MySavedCardSchema),
    onSuccess: (data) => queryClient.setQueryData(MY_SAVED_CARD_QUERY_KEY, data),
  });
}
