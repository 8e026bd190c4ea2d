/**
 * 'Revenue Share' on the dashboard of an owner on the plan
 * (docs/behaviour/revenue-share.md#dashboard-revenue-share-card): the month to report next and when its
 * report becomes late, the amount owed, the standing (blocked says what opens new sections again),
 * 'Report revenue', 'Download agreement (PDF)' (the terms as signed) and 'Leave the program' (or since when
 * the owner left).
 */
import type { ReactNode } from 'react';
import { AGREEMENT_MESSAGES, AGREEMENT_PDF_PATH } from '@platform/contracts';
import { formatMoney } from '@platform/contracts/format';
import { Badge, Button, ButtonLink, LoadingPlaceholder, Skeleton, TitledCard } from '@platform/ui';
import { useMyRevenueReports } from '../../revenue-report/api/get-my-revenue-reports';
import { STANDING, describeNextReport } from '../lib/revenue-card';
import { LeaveProgram } from './leave-program';

function Frame({ children }: { children: ReactNode }) {
  return (
    <TitledCard titleId="revenue-share-card" region data-testid="revenue-share-card" title="Revenue Share">
      {children}
    </TitledCard>
  );
}

export function RevenueShareCard() {
  const reports = useMyRevenueReports(true);

  if (reports.isPending) {
    // The loaded card's shape: the same labels and, where the figures will be, blocks of their height,
    // then the button's; nothing below moves when the answer arrives.
    return (
      <Frame>
        <LoadingPlaceholder label="Loading your revenue share…" className="space-y-5">
          <dl className="grid gap-4 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted-foreground">Next report due</dt>
              <dd className="mt-1">
                <span className="flex h-6 items-center">
                  <Skeleton className="h-5 w-28" />
                </span>
                <span className="flex h-5 items-center">
                  <Skeleton className="h-4 w-40" />
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Amount owed</dt>
              <dd className="mt-1 flex h-6 items-center">
                <Skeleton className="h-5 w-20" />
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Status</dt>
              <dd className="mt-1">
                <Skeleton className="h-[22px] w-24 rounded-md" />
                <span className="mt-1 flex h-5 items-center">
                  <Skeleton className="h-4 w-full max-w-56" />
                </span>
              </dd>
            </div>
          </dl>
          <Skeleton className="h-10 w-36 rounded-md" />
        </LoadingPlaceholder>
      </Frame>
    );
  }
  if (reports.isError) {
    return (
      <Frame>
        <div role="alert" className="space-y-3 text-sm">
          <p>Your revenue share could not be loaded. Please check your connection and try again.</p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void reports.refetch()}
            disabled={reports.isFetching}
          >
            {reports.isFetching ? 'Retrying...' : 'Retry'}
          </Button>
        </div>
      </Frame>
    );
  }
  const plan = reports.data?.plan;
  if (!plan) return null;

  const standing = STANDING[plan.status];
  const next = describeNextReport(plan.nextReport);

  return (
    <Frame>
      <div className="space-y-5">
        <dl className="grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Next report due</dt>
            <dd className="mt-1" data-testid="revenue-next-report">
              {next ? (
                <>
                  <span className="block text-base font-semibold">{next.month}</span>
                  <span className="block text-muted-foreground">
                    Late after <time dateTime={next.lateAfterIso}>{next.lateAfterText}</time>
                  </span>
                </>
              ) : (
                <span className="text-base font-semibold">No report due</span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Amount owed</dt>
            <dd className="mt-1 text-base font-semibold tabular-nums" data-testid="revenue-amount-owed">
              {formatMoney(plan.amountOwed)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Status</dt>
            <dd className="mt-1" data-testid="revenue-standing">
              <Badge variant={standing.tone} data-testid="revenue-share-status">
                {standing.label}
              </Badge>
              <span className="mt-1 block text-muted-foreground">{standing.text}</span>
            </dd>
          </div>
        </dl>
        <div className="flex flex-wrap items-center gap-3">
          <ButtonLink to="/revenue-report">Report revenue</ButtonLink>
          <Button asChild variant="outline">
            <a href={AGREEMENT_PDF_PATH} download>
              {AGREEMENT_MESSAGES.download}
            </a>
          </Button>
          <LeaveProgram plan={plan} />
        </div>
      </div>
    </Frame>
  );
}
