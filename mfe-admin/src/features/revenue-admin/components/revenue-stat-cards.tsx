/**
 * The four stat cards: revenue-share customers; monthly subscribers with the monthly recurring revenue in
 * whole dollars; pending reports; outstanding revenue with the amount collected.
 */
import type { RevenueStats } from '@platform/contracts';
import { formatMoney } from '@platform/contracts/format';
import { Card, SkeletonRows } from '@platform/ui';
import { formatWholeDollars } from '../lib/ledger';
import { STAT_LABELS } from '../lib/revenue-admin-copy';

function StatCard({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Card className="flex min-w-0 flex-col gap-1 p-4 sm:p-5">
      <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
      <p className="text-xl font-bold tracking-tight break-words tabular-nums sm:text-2xl">{value}</p>
      <p className="text-xs text-muted-foreground">{detail}</p>
    </Card>
  );
}

export function RevenueStatCards({ stats, pendingCount }: { stats: RevenueStats; pendingCount: number }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" data-testid="revenue-stats">
      <StatCard
        label={STAT_LABELS.customers}
        value={String(stats.totalRevenueShareCustomers)}
        detail="Owners on the Premium Success Program"
      />
      <StatCard
        label={STAT_LABELS.subscribers}
        value={String(stats.totalMonthlyCustomers)}
        detail={`${formatWholeDollars(stats.monthlyRecurringRevenue)} monthly recurring revenue`}
      />
      <StatCard
        label={STAT_LABELS.pending}
        value={String(pendingCount)}
        detail="Reports waiting to be verified"
      />
      <StatCard
        label={STAT_LABELS.outstanding}
        value={formatMoney(stats.totalRevenueOwed)}
        detail={`${formatMoney(stats.totalRevenuePaid)} collected`}
      />
    </div>
  );
}

export function RevenueStatSkeletons() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <SkeletonRows count={4} className="h-28 w-full" />
    </div>
  );
}
