/**
 * The owner's card on file (docs/behaviour/revenue-share.md#card-on-file): which card is saved, TEST MODE
 * when the test provider keeps it, and buttons to save, replace or remove it. Saving opens the provider's
 * page; coming back, `?card=saved|cancelled|failed` is said once.
 */
import {
  SAVED_CARD_OUTCOME_PARAM,
  readSavedCardOutcome,
  type SavedCardReturnPage,
} from '@platform/contracts';
import { Badge, Button, Skeleton, TitledCard, toast, useOnceSearchParam } from '@platform/ui';
import { useMySavedCard, useRemoveSavedCard, useStartCardSetup } from '../api/saved-card';
import { CARD_ON_FILE } from '../lib/report-copy';
import { OutcomeAlert } from './outcome-alert';

export function CardOnFile({ returnTo = 'revenue-report' }: { returnTo?: SavedCardReturnPage }) {
  const saved = useMySavedCard();
  const setup = useStartCardSetup();
  const remove = useRemoveSavedCard();
  const [outcome, dismiss] = useOnceSearchParam(SAVED_CARD_OUTCOME_PARAM, readSavedCardOutcome);
  // Stays busy after success: the browser is on its way to the card page.
  const opening = setup.isPending || setup.isSuccess;

  const open = async () => {
    try {
      const { url } = await setup.mutateAsync(returnTo);
      window.location.assign(url);
    } catch (error) {
      console.error('Card setup failed:', error);
      toast({ title: CARD_ON_FILE.failed, variant: 'destructive' });
    }
  };
  const removeCard = async () => {
    try {
      await remove.mutateAsync();
    } catch (error) {
      console.error('Removing the card failed:', error);
      toast({ title: CARD_ON_FILE.removeFailed, variant: 'destructive' });
    }
  };

  const copy = outcome ? CARD_ON_FILE.outcomes[outcome] : null;
  const data = saved.data;
  return (
    <TitledCard
      titleId="card-on-file-title"
      region
      data-testid="card-on-file"
      titleClassName="flex flex-wrap items-center gap-2 text-xl"
      title={
        <>
          {CARD_ON_FILE.title}
          {data?.testMode ? <Badge variant="outline">TEST MODE</Badge> : null}
        </>
      }
      contentClassName="space-y-4"
    >
      {copy ? (
        <OutcomeAlert
          title={copy.title}
          text={copy.text}
          role={outcome === 'saved' ? 'status' : 'alert'}
          variant={outcome === 'failed' ? 'destructive' : 'default'}
          onDismiss={dismiss}
          testId="card-outcome"
        />
      ) : null}
      <p className="text-sm text-muted-foreground">{CARD_ON_FILE.intro}</p>
      {saved.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : saved.isError || !data ? (
        <div className="space-y-2">
          <p className="text-sm text-destructive">{CARD_ON_FILE.loadFailed}</p>
          <Button variant="outline" size="sm" onClick={() => void saved.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <p className="font-medium" data-testid="saved-card">
            {data.card
              ? CARD_ON_FILE.describe(data.card)
              : data.available
                ? CARD_ON_FILE.none
                : CARD_ON_FILE.unavailable}
          </p>
          {data.testMode ? <p className="text-sm text-muted-foreground">{CARD_ON_FILE.testMode}</p> : null}
          {data.available ? (
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                size="sm"
                disabled={opening}
                onClick={() => void open()}
                data-testid="save-card"
              >
                {opening ? CARD_ON_FILE.starting : data.card ? CARD_ON_FILE.replace : CARD_ON_FILE.save}
              </Button>
              {data.card ? (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={remove.isPending}
                  onClick={() => void removeCard()}
                  data-testid="remove-card"
                >
                  {remove.isPending ? CARD_ON_FILE.removing : CARD_ON_FILE.remove}
                </Button>
              ) : null}
            </div>
          ) : null}
        </>
      )}
    </TitledCard>
  );
}
