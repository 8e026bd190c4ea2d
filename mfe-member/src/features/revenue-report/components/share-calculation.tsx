/**
 * The live calculation box, shown while the share is above zero: net, baseline, increase and the 10% share,
 * with the server's own formula (docs/decisions.md, 25).
 */
import { formatMoney } from '@platform/contracts/format';
import type { LiveFigures } from '../lib/report-form';
import { CALCULATION } from '../lib/report-copy';

export function ShareCalculation({ figures }: { figures: LiveFigures }) {
  const rows = [
    { label: CALCULATION.net, value: formatMoney(figures.netRevenue) },
    { label: CALCULATION.baseline, value: `− ${formatMoney(figures.baselineNetRevenue)}` },
    { label: CALCULATION.increase, value: formatMoney(figures.revenueIncrease) },
  ];
  return (
    <section
      aria-labelledby="share-calculation"
      className="rounded-lg border border-primary/40 bg-accent/40 p-4"
      data-testid="share-calculation"
    >
      <h3 id="share-calculation" className="font-semibold">
        {CALCULATION.title}
      </h3>
      <dl className="mt-3 space-y-1.5 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="tabular-nums">{row.value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-border pt-2 text-base font-semibold">
          <dt>{CALCULATION.share}</dt>
          <dd className="tabular-nums" data-testid="calculated-share">
            {formatMoney(figures.shareOwed)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
