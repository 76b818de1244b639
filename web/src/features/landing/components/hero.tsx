import { ArrowRight, AudioLines, PlayCircle } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

const BARS = [14, 26, 38, 22, 46, 30, 54, 36, 24, 42, 58, 34, 20, 44, 28, 50, 32, 18, 40, 26, 12];

export function Hero() {
  return (
    <section className="relative overflow-hidden">
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-primary-soft/70 via-background to-background" />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-20 pt-16 sm:px-6 md:pt-24 lg:grid-cols-2">
        <div>
          <span className="inline-flex items-center gap-2 rounded-full border border-primary/15 bg-card px-3 py-1 text-xs font-medium text-accent-foreground shadow-xs">
            <AudioLines className="size-3.5" aria-hidden="true" />
            Text zu Sprache für den deutschsprachigen Raum
          </span>
          <h1 className="mt-5 text-4xl font-semibold leading-tight tracking-tight text-foreground sm:text-5xl">
            Natürliche Stimmen für Ihre Texte
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted-foreground">
            Stimmwerk wandelt Texte in wenigen Sekunden in Sprachaufnahmen um – mit Stimmen in Deutsch und weiteren
            Sprachen, jede mit kostenloser Hörprobe, eigenen Stimmklonen und einer API für Ihre Anwendungen.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to={paths.signup} size="lg">
              Kostenlos starten
              <ArrowRight aria-hidden="true" />
            </ButtonLink>
            <ButtonLink to={paths.liveDemo} size="lg" variant="outline">
              <PlayCircle aria-hidden="true" />
              Live Demo testen
            </ButtonLink>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">Keine Kreditkarte erforderlich.</p>
        </div>
        <div className="relative" aria-hidden="true">
          <div className="rounded-2xl border border-border bg-card p-6 shadow-lg">
            <div className="flex items-center justify-between">
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-primary text-primary-foreground">
                  <PlayCircle className="size-5" />
                </span>
                <div>
                  <p className="text-sm font-semibold">Willkommen bei Stimmwerk</p>
                  <p className="text-xs text-muted-foreground">Stimme: Jonas · Deutsch</p>
                </div>
              </div>
              <span className="rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-medium text-success">Fertig</span>
            </div>
            <div className="mt-6 flex h-16 items-center gap-1">
              {BARS.map((h, i) => (
                <span
                  key={i}
                  className={i < 12 ? 'w-full rounded-full bg-primary' : 'w-full rounded-full bg-primary/25'}
                  style={{ height: `${h}px` }}
                />
              ))}
            </div>
            <div className="mt-4 flex justify-between text-xs text-muted-foreground">
              <span>0:04</span>
              <span>0:07</span>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
