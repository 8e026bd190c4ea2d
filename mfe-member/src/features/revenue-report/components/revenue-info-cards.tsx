/** The three cards above the form: the share rate, this report's share (live) and when payment is due. */
import { TitledCard } from '@platform/ui';
import { formatMoney } from '@platform/contracts/format';
import { INFO_CARDS } from '../lib/report-copy';

function InfoCard({
  title,
  value,
  text,
  testId,
}: {
  title: string;
  value: string;
  text: string;
  testId: string;
}) {
  return (
    <TitledCard
      data-testid={testId}
      titleClassName="text-sm font-medium text-muted-foreground"
      headerClassName="pb-2"
      title={title}
    >
      <p className="text-2xl font-bold tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{text}</p>
    </TitledCard>
  );
}

export function RevenueInfoCards({ shareOwed }: { shareOwed: number }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <InfoCard testId="info-rate" {...INFO_CARDS.rate} />
      <InfoCard testId="info-share" {...INFO_CARDS.share} value={formatMoney(shareOwed)} />
      <InfoCard testId="info-due" {...INFO_CARDS.due} />
    </div>
  );
}
