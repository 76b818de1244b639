import { UserPlus } from 'lucide-react';
import { SkipLink } from '@/components/layout/skip-link';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { LoadingScreen } from '@/components/ui/spinner';
import { MAIN_CONTENT_ID, paths } from '@/config/paths';
import { formatEuroFromCents } from '@/lib/format';
import { useLimits } from '@/lib/limits';
import { useDemo } from '../api/get-demo';
import { DemoForm } from '../components/demo-form';
import { DemoHeader } from '../components/demo-header';

/** /live-demo: anonymous tries with the demo voices; the limits come from `GET /api/demo`. */
export function LiveDemoPage() {
  const demo = useDemo();
  const limits = useLimits();
  const config = demo.data;
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-primary-soft/60 to-background">
      <SkipLink />
      <DemoHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none sm:px-6 sm:py-10">
        <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Live Demo</h1>
            <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
              {config
                ? `Hören Sie unsere Stimmen ohne Anmeldung: bis zu ${config.tries_per_day} Tests pro Tag mit je ${config.max_chars} Zeichen.`
                : 'Hören Sie unsere Stimmen ohne Anmeldung.'}
            </p>
          </div>
          {config && (
            <Badge
              variant={config.remaining > 0 ? 'primary' : 'warning'}
              className="self-start px-3 py-1 text-sm sm:self-auto"
              data-testid="demo-remaining"
            >
              Verbleibende Tests: {config.remaining} von {config.tries_per_day}
            </Badge>
          )}
        </div>
        {demo.isPending ? (
          <LoadingScreen label="Demo wird geladen..." />
        ) : demo.isError ? (
          <LoadErrorAlert title="Die Demo konnte nicht geladen werden" error={demo.error} onRetry={() => void demo.refetch()} className="max-w-xl" />
        ) : (
          <DemoForm config={demo.data} />
        )}
        <section
          aria-labelledby="demo-signup-title"
          className="mt-8 flex flex-col gap-4 rounded-xl border border-primary/20 bg-card px-5 py-5 shadow-xs sm:flex-row sm:items-center sm:justify-between"
          data-testid="demo-signup-cta"
        >
          <div>
            <h2 id="demo-signup-title" className="text-base font-semibold">
              Gefällt Ihnen, was Sie hören?
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Nach der kostenlosen Registrierung: alle Stimmen
              {limits.data ? `, Texte bis ${limits.data.text_max_chars.toLocaleString('de-DE')} Zeichen` : ''}, Ihre Audio-Bibliothek und
              Voice Cloning{limits.data ? `, mit ${formatEuroFromCents(limits.data.signup_bonus_cent)} Startguthaben` : ''}.
            </p>
          </div>
          <ButtonLink to={paths.signup} className="shrink-0">
            <UserPlus aria-hidden="true" />
            Kostenlos registrieren
          </ButtonLink>
        </section>
      </main>
    </div>
  );
}
