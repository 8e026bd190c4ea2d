/**
 * The bar chart of shares owed against shares collected per month (recharts). Loaded only by
 * /revenue-admin, through `React.lazy` in share-chart-panel.tsx, so recharts is a chunk of its own that
 * no other page downloads. Hidden from assistive technology: the panel's table says the same.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '@platform/contracts/format';
import type { ChartMonth } from '../lib/ledger';
import { formatWholeDollars } from '../lib/ledger';

/** How both bars are drawn: rounded at the top, without animation. */
const BAR_STYLE = { radius: [4, 4, 0, 0] as [number, number, number, number], isAnimationActive: false };

export default function ShareChart({ months }: { months: readonly ChartMonth[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      {/* No keyboard layer: the chart is a picture here, and the panel's table is its text alternative. */}
      <BarChart
        data={[...months]}
        margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
        <XAxis
          dataKey="label"
          tick={{ fontSize: 12, fill: 'var(--muted-foreground)' }}
          tickLine={false}
          interval="preserveStartEnd"
        />
        <YAxis
          // At least $100 high, so months without shares do not repeat '$0' up the axis.
          domain={[0, (largest: number) => Math.max(largest, 10_000)]}
          allowDecimals={false}
          tickFormatter={(cents: number) => formatWholeDollars(cents)}
          tick={{ fontSize: 12, fill: 'var(--muted-foreground)' }}
          tickLine={false}
          axisLine={false}
          width={72}
        />
        <Tooltip
          formatter={(value) => formatMoney(Number(value))}
          contentStyle={{
            background: 'var(--popover)',
            color: 'var(--popover-foreground)',
            border: '1px solid var(--border)',
            borderRadius: 8,
          }}
          cursor={{ fill: 'var(--muted)' }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
        <Bar dataKey="owed" name="Owed" fill="var(--primary)" {...BAR_STYLE} />
        <Bar dataKey="collected" name="Collected" fill="var(--success)" {...BAR_STYLE} />
      </BarChart>
    </ResponsiveContainer>
  );
}
