import { formatEuroFromCents } from '@/lib/format';

export type DailyPoint = { day: string; characters: number; cost_cent: number };

const dayLabel = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const label = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

const W = 600;
const BAR_H = 90;

/** Bars of one series, scaled to its own maximum. */
function Bars({ values, y, color, name }: { values: number[]; y: number; color: string; name: string }) {
  const max = Math.max(1, ...values);
  const step = W / Math.max(1, values.length);
  return (
    <g aria-hidden="true" data-series={name}>
      {values.map((v, i) => {
        const h = (v / max) * BAR_H;
        return <rect key={i} x={i * step + step * 0.15} y={y + BAR_H - h} width={step * 0.7} height={Math.max(h, v > 0 ? 1 : 0)} rx={1.5} fill={color} />;
      })}
    </g>
  );
}

/**
 * Characters and costs per day (oldest first), as two bar rows. The picture is decorative for
 * screen readers: a table with every day's figures stands in for it.
 */
export function DailyChart({ days, title }: { days: DailyPoint[]; title: string }) {
  const characters = days.map((d) => d.characters);
  const costs = days.map((d) => d.cost_cent);
  const totalChars = characters.reduce((a, b) => a + b, 0);
  const totalCost = costs.reduce((a, b) => a + b, 0);
  return (
    <figure className="flex flex-col gap-2" data-testid="daily-chart">
      <figcaption className="text-sm text-muted-foreground">
        {title}: {totalChars.toLocaleString('de-DE')} Zeichen, {formatEuroFromCents(totalCost)} in {days.length} Tagen
      </figcaption>
      <div className="flex gap-4 text-xs text-muted-foreground" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-[var(--color-primary)]" /> Zeichen
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-emerald-500" /> Kosten
        </span>
      </div>
      <svg viewBox={`0 0 ${W} ${BAR_H * 2 + 20}`} preserveAspectRatio="none" className="h-44 w-full" role="presentation" focusable="false">
        <Bars values={characters} y={0} color="var(--color-primary)" name="characters" />
        <Bars values={costs} y={BAR_H + 20} color="#10b981" name="costs" />
      </svg>
      {days.length > 0 && (
        <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
          <span>{label(days[0].day)}</span>
          <span>{label(days[days.length - 1].day)}</span>
        </div>
      )}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Tag</th>
            <th scope="col">Zeichen</th>
            <th scope="col">Kosten</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{label(d.day)}</th>
              <td>{d.characters.toLocaleString('de-DE')}</td>
              <td>{formatEuroFromCents(d.cost_cent)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
