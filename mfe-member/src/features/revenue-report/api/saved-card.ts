/**
 * The owner's card on file (docs/behaviour/revenue-share.md#card-on-file), kept by the payment service:
 * `GET /api/saved-card` to show it, `POST /api/saved-card/setup` for the page where a card is entered
 * (Stripe's, or the test provider's TEST MODE page), `DELETE /api/saved-card` to remove it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MySavedCard, SavedCardReturnPage, SavedCardSetupResponse } from '@platform/contracts';
import { apiRequest, getQueryFn } from '@platform/ui';

export const MY_SAVED_CARD_QUERY_KEY = ['/api/saved-card'] as const;

const read = getQueryFn<unknown>({ on401: 'throw' });

export function useMySavedCard() {
  return useQuery({
    queryKey: MY_SAVED_CARD_QUERY_KEY,
    queryFn: async (context): Promise<MySavedCard> => {
      const [body, { MySavedCardSchema }] = await Promise.all([read(context), import('@platform/contracts')]);
      return MySavedCardSchema.parse(body);
    },
  });
}

export async function startCardSetup(returnTo: SavedCardReturnPage): Promise<SavedCardSetupResponse> {
  const [response, { SavedCardSetupResponseSchema }] = await Promise.all([
    apiRequest('POST', '/api/saved-card/setup', { returnTo }),
    import('@platform/contracts'),
  ]);
  return SavedCardSetupResponseSchema.parse(await response.json());
}

export function useStartCardSetup() {
  return useMutation({ mutationFn: startCardSetup });
}

export function useRemoveSavedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<MySavedCard> => {
      const [response, { MySavedCardSchema }] = await Promise.all([
        apiRequest('DELETE', '/api/saved-card'),
        import('@platform/contracts'),
      ]);
      return MySavedCardSchema.parse(await response.json());
    },
    onSuccess: (data) => queryClient.setQueryData(MY_SAVED_CARD_QUERY_KEY, data),
  });
}
