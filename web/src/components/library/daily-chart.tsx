export type ChartSeries = {
  name: string;
  values: number[];
  /** A CSS colour. */
  color: string;
  format: (value: number) => string;
};

const dayLabel = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const label = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

const W = 600;
const BAR_H = 90;
const GAP = 20;

/** Bars of one series, scaled to its own maximum. */
function Bars({ values, y, color }: { values: number[]; y: number; color: string }) {
  const max = Math.max(1, ...values);
  const step = W / Math.max(1, values.length);
  return (
    <g aria-hidden="true">
      {values.map((v, i) => {
        const h = (v / max) * BAR_H;
        return <rect key={i} x={i * step + step * 0.15} y={y + BAR_H - h} width={step * 0.7} height={Math.max(h, v > 0 ? 1 : 0)} rx={1.5} fill={color} />;
      })}
    </g>
  );
}

/**
 * Daily figures (oldest first) as one bar row per series. The picture is decorative for
 * screen readers: a table with every day's figures stands in for it.
 */
export function DailyChart({ days, series, title }: { days: string[]; series: ChartSeries[]; title: string }) {
  const totals = series.map((s) => `${s.format(s.values.reduce((a, b) => a + b, 0))} ${s.name}`);
  return (
    <figure className="flex flex-col gap-2" data-testid="daily-chart">
      {/* Each total keeps its figure and unit on one line ("0,03 € Kosten", not "0,03 / €"). */}
      <figcaption className="text-sm text-muted-foreground">
        {title}:{' '}
        {totals.map((total, i) => (
          <span key={series[i].name}>
            <span className="whitespace-nowrap">{total}</span>
            {i < totals.length - 1 ? ', ' : ' '}
          </span>
        ))}
        in {days.length} Tagen
      </figcaption>
      <div className="flex gap-4 text-xs text-muted-foreground" aria-hidden="true">
        {series.map((s) => (
          <span key={s.name} className="inline-flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm" style={{ background: s.color }} /> {s.name}
          </span>
        ))}
      </div>
      <svg
        viewBox={`0 0 ${W} ${series.length * (BAR_H + GAP) - GAP}`}
        preserveAspectRatio="none"
        className="w-full"
        style={{ height: `${series.length * 5.5}rem` }}
        role="presentation"
        focusable="false"
      >
        {series.map((s, i) => (
          <Bars key={s.name} values={s.values} y={i * (BAR_H + GAP)} color={s.color} />
        ))}
      </svg>
      {days.length > 0 && (
        <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
          <span>{label(days[0])}</span>
          <span>{label(days[days.length - 1])}</span>
        </div>
      )}
      {/* sr-only on the <table> itself does not clip it (tables ignore overflow): it stretched
          /dashboard/api 12 px past a phone's edge. The wrapper clips it. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Tag</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, i) => (
              <tr key={day}>
                <th scope="row">{label(day)}</th>
                {series.map((s) => (
                  <td key={s.name}>{s.format(s.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
