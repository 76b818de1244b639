import { Copy, House, RefreshCw, RotateCcw, TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

export type ErrorFallbackProps = {
  error: Error;
  errorId: string;
  componentStack?: string | null;
  onRetry: () => void;
};

export function errorDetails(error: Error, errorId: string, componentStack?: string | null): string {
  return [
    `Fehler-ID: ${errorId}`,
    `Zeit: ${new Date().toISOString()}`,
    `Seite: ${typeof window === 'undefined' ? '' : window.location.href}`,
    `Browser: ${typeof navigator === 'undefined' ? '' : navigator.userAgent}`,
    `Meldung: ${error.message}`,
    error.stack ? `Stack:\n${error.stack}` : '',
    componentStack ? `Komponenten:${componentStack}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** "Unerwarteter Fehler" screen with the error id, message and recovery actions. */
export function ErrorFallback({ error, errorId, componentStack, onRetry }: ErrorFallbackProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(errorDetails(error, errorId, componentStack));
      toast.success('Fehlerdetails kopiert');
    } catch {
      toast.error('Kopieren fehlgeschlagen', { description: 'Die Fehlerdetails konnten nicht kopiert werden.' });
    }
  };
  return (
    <div role="alert" className="flex min-h-screen items-center justify-center bg-background px-4 py-10">
      <Card className="w-full max-w-lg">
        <CardContent className="flex flex-col gap-5 pt-8 sm:pt-8">
          <div className="flex items-center gap-3">
            <span className="flex size-11 items-center justify-center rounded-full bg-destructive-soft text-destructive">
              <TriangleAlert className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h1 className="text-xl font-semibold tracking-tight">Unerwarteter Fehler</h1>
              <p className="text-sm text-muted-foreground">
                Entschuldigung, hier ist etwas schiefgelaufen. Bitte versuchen Sie es erneut.
              </p>
            </div>
          </div>
          <dl className="rounded-lg bg-muted p-4 text-sm">
            <dt className="text-xs font-medium uppercase tracking-wider text-muted-foreground">Fehler-ID</dt>
            <dd className="mt-1 font-mono" data-testid="error-id">
              {errorId}
            </dd>
            <dt className="mt-3 text-xs font-medium uppercase tracking-wider text-muted-foreground">Meldung</dt>
            <dd className="mt-1 break-words font-mono text-destructive">{error.message || 'Unbekannter Fehler'}</dd>
          </dl>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button onClick={onRetry}>
              <RotateCcw aria-hidden="true" />
              Erneut versuchen
            </Button>
            <Button variant="outline" onClick={() => window.location.reload()}>
              <RefreshCw aria-hidden="true" />
              Seite neu laden
            </Button>
            <Button variant="outline" onClick={() => window.location.assign('/')}>
              <House aria-hidden="true" />
              Zur Startseite
            </Button>
            <Button variant="ghost" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              Fehlerdetails kopieren
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
