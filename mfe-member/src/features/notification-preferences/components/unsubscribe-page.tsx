/**
 * `/unsubscribe/:token?kind=` (docs/behaviour/member-learning.md#nudges): an e-mail's unsubscribe link.
 * Opening it changes nothing (mail scanners follow links); 'Unsubscribe' turns that kind off, no sign-in.
 */
import { useParams, useSearchParams } from 'react-router-dom';
import { NUDGE_KIND_LABELS, type NudgeKind } from '@platform/contracts';
import {
  Button,
  Card,
  LoadingPlaceholder,
  SITE_NAME,
  Skeleton,
  getServerMessage,
  useDocumentTitle,
  TextLink,
} from '@platform/ui';
import { useUnsubscribe, useUnsubscribeState } from '../api/unsubscribe';
import { UNSUBSCRIBE_COPY } from '../lib/preferences-copy';
import { nudgeKindOf } from '../lib/unsubscribe-link';

function Invalid() {
  return (
    <Card className="p-8 text-center" data-testid="unsubscribe-invalid">
      <h2 className="text-lg font-semibold">{UNSUBSCRIBE_COPY.invalidTitle}</h2>
      <p className="mt-2 text-sm text-muted-foreground">{UNSUBSCRIBE_COPY.invalidText}</p>
    </Card>
  );
}

function UnsubscribeCard({ token, kind }: { token: string; kind: NudgeKind }) {
  const state = useUnsubscribeState(token, kind);
  const unsubscribe = useUnsubscribe(token, kind);
  const label = NUDGE_KIND_LABELS[kind];
  if (state.isPending) {
    return (
      <LoadingPlaceholder>
        <Skeleton className="h-32 w-full" />
      </LoadingPlaceholder>
    );
  }
  if (state.isError) return <Invalid />;
  return (
    <Card className="space-y-4 p-8 text-center">
      {state.data.unsubscribed ? (
        <div role="status">
          <h2 className="text-lg font-semibold">{UNSUBSCRIBE_COPY.done(label)}</h2>
          <p className="mt-2 text-sm text-muted-foreground">{UNSUBSCRIBE_COPY.doneHint}</p>
        </div>
      ) : (
        <>
          <h2 className="text-lg font-semibold">{UNSUBSCRIBE_COPY.ask(label)}</h2>
          <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
            {unsubscribe.isPending ? UNSUBSCRIBE_COPY.confirming : UNSUBSCRIBE_COPY.confirm}
          </Button>
          {unsubscribe.isError ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {getServerMessage(unsubscribe.error) ?? UNSUBSCRIBE_COPY.failed}
            </p>
          ) : null}
        </>
      )}
      <p className="text-sm">
        <TextLink to="/account/notifications">{UNSUBSCRIBE_COPY.preferences}</TextLink>
      </p>
    </Card>
  );
}

export function UnsubscribePage() {
  useDocumentTitle(`${UNSUBSCRIBE_COPY.title} | ${SITE_NAME}`);
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const kind = nudgeKindOf(search.get('kind'));
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight">{UNSUBSCRIBE_COPY.title}</h1>
      <div className="mt-8">{kind ? <UnsubscribeCard token={token} kind={kind} /> : <Invalid />}</div>
    </div>
  );
}
