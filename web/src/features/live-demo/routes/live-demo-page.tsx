import { RefreshCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useDemo } from '../api/get-demo';
import { DemoForm } from '../components/demo-form';
import { DemoHeader } from '../components/demo-header';
import { DEMO_MAX_CHARS, DEMO_TRIES_PER_DAY } from '../utils/limits';

/** /live-demo: anonymous tries with the demo voices (3 a day, 100 characters each). */
export function LiveDemoPage() {
  const demo = useDemo();
  const tries = demo.data?.tries_per_day ?? DEMO_TRIES_PER_DAY;
  const maxChars = demo.data?.max_chars ?? DEMO_MAX_CHARS;
  const remaining = demo.data?.remaining ?? null;

  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-primary-soft/60 to-background">
      <DemoHeader />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
        <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Live Demo</h1>
            <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
              Hören Sie unsere Stimmen ohne Anmeldung: bis zu {tries} Tests pro Tag mit je {maxChars} Zeichen.
            </p>
          </div>
          {remaining !== null && (
            <Badge
              variant={remaining > 0 ? 'primary' : 'warning'}
              className="self-start px-3 py-1 text-sm sm:self-auto"
              data-testid="demo-remaining"
            >
              Verbleibende Tests: {remaining} von {tries}
            </Badge>
          )}
        </div>
        {demo.isPending ? (
          <LoadingScreen label="Demo wird geladen..." />
        ) : demo.isError ? (
          <Alert variant="error" title="Die Demo konnte nicht geladen werden" className="max-w-xl">
            <p>{isApiError(demo.error) ? demo.error.message : 'Bitte versuchen Sie es erneut.'}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void demo.refetch()}>
              <RefreshCw aria-hidden="true" /> Erneut versuchen
            </Button>
          </Alert>
        ) : (
          <DemoForm config={demo.data} />
        )}
        <p className="mt-8 text-center text-sm text-muted-foreground">
          Mehr Stimmen, längere Texte und Voice Cloning erhalten Sie nach der kostenlosen Registrierung mit 1,00 € Startguthaben.
        </p>
      </main>
    </div>
  );
}
