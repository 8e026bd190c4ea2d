/**
 * Net revenue against the baseline, with the share, month by month (recharts). Loaded with React.lazy
 * from the report page only, so recharts is a chunk of its own that no other page downloads. The drawing
 * is hidden from assistive technology: the caption says what it shows and a visually hidden table holds
 * the same figures.
 */
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney } from '@platform/contracts/format';
import { CHART } from '../lib/report-copy';
import { describeChart, formatAxisDollars, sharedBaseline } from '../lib/report-history';
import type { ChartPoint } from '../lib/report-history';

const SERIES_NAMES: Record<string, string> = {
  netRevenue: CHART.net,
  baselineNetRevenue: CHART.baseline,
  shareOwed: CHART.share,
};

const dollars = (value: unknown) => formatMoney(Math.round(Number(value) * 100));

/** How both bars are drawn: rounded at the top, at most 48 px wide, without animation. */
const BAR_STYLE = {
  radius: [4, 4, 0, 0] as [number, number, number, number],
  maxBarSize: 48,
  isAnimationActive: false,
};

export function RevenueChart({ points }: { points: ChartPoint[] }) {
  // Fixed at consent, so usually one level line; month by month only if the admin corrected it.
  const baseline = sharedBaseline(points);
  return (
    <figure aria-labelledby="revenue-chart-caption" className="space-y-3" data-testid="revenue-chart">
      <figcaption id="revenue-chart-caption" className="text-sm text-muted-foreground">
        {describeChart(points)}
      </figcaption>
      <div aria-hidden="true" className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            data={points}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
            <XAxis dataKey="month" tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }} />
            <YAxis
              tickFormatter={formatAxisDollars}
              tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
              width={64}
            />
            <Tooltip
              formatter={(value, name) => [dollars(value), SERIES_NAMES[String(name)] ?? String(name)]}
              contentStyle={{
                background: 'var(--popover)',
                borderColor: 'var(--border)',
                color: 'var(--popover-foreground)',
              }}
            />
            <Legend
              formatter={(name) => (
                <span className="text-foreground">{SERIES_NAMES[String(name)] ?? String(name)}</span>
              )}
            />
            <Bar dataKey="netRevenue" fill="var(--primary)" {...BAR_STYLE} />
            <Bar dataKey="shareOwed" fill="var(--success)" {...BAR_STYLE} />
            {baseline === null ? (
              <Line
                dataKey="baselineNetRevenue"
                type="stepAfter"
                stroke="var(--foreground)"
                strokeWidth={2}
                strokeDasharray="6 4"
                isAnimationActive={false}
              />
            ) : baseline > 0 ? (
              <ReferenceLine
                y={baseline}
                stroke="var(--foreground)"
                strokeWidth={2}
                strokeDasharray="6 4"
                ifOverflow="extendDomain"
                label={{
                  value: `${CHART.baseline} ${dollars(baseline)}`,
                  position: 'insideTopLeft',
                  fill: 'var(--foreground)',
                  fontSize: 12,
                }}
              />
            ) : null}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{CHART.title}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">{CHART.net}</th>
            <th scope="col">{CHART.baseline}</th>
            <th scope="col">{CHART.share}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point, index) => (
            <tr key={`${point.month}-${index}`}>
              <th scope="row">{point.month}</th>
              <td>{dollars(point.netRevenue)}</td>
              <td>{dollars(point.baselineNetRevenue)}</td>
              <td>{dollars(point.shareOwed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

export default RevenueChart;
