import { Info, ShieldCheck } from 'lucide-react';

const HINTS = [
  'Schlüssel werden verschlüsselt gespeichert.',
  'Ein gespeicherter Schlüssel wird nie wieder angezeigt.',
  'Angezeigt werden nur die letzten 4 Zeichen.',
  'Wechseln Sie Schlüssel regelmäßig (Rotation) und entfernen Sie nicht mehr genutzte.',
];

/** Approximate provider costs (spec section 9). */
const COSTS: Array<[string, string]> = [
  ['Haupt-TTS-Anbieter', 'ca. 0,015 $ pro 1.000 Zeichen'],
  ['Zweiter TTS-Anbieter', 'ca. 0,02 $ pro 1.000 Zeichen'],
  ['Google AI', 'ca. 0,01 $ pro 1.000 Zeichen'],
  ['Stimmtraining (Voice Cloning)', 'ca. 0,50–2,00 $ pro Training'],
  ['Kartenzahlung', '1,4 % + 0,25 € pro Transaktion'],
];

export function SecurityInfo() {
  return (
    <section
      aria-labelledby="security-info-title"
      className="grid gap-6 rounded-[var(--radius-card)] border border-primary/20 bg-primary-soft p-5 text-sm text-accent-foreground sm:p-6 md:grid-cols-2"
      data-testid="security-info"
    >
      <div>
        <h2 id="security-info-title" className="flex items-center gap-2 font-semibold">
          <ShieldCheck className="size-4" aria-hidden="true" />
          Sicherheitshinweise
        </h2>
        <ul className="mt-3 flex list-disc flex-col gap-1.5 pl-5">
          {HINTS.map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
      </div>
      <div>
        <h2 className="flex items-center gap-2 font-semibold">
          <Info className="size-4" aria-hidden="true" />
          Ungefähre Kosten
        </h2>
        <dl className="mt-3 flex flex-col gap-1.5">
          {COSTS.map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-x-4">
              <dt>{label}</dt>
              <dd className="font-medium tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-xs opacity-80">Richtwerte der Anbieter; maßgeblich sind deren aktuelle Preislisten.</p>
      </div>
    </section>
  );
}
