import { ArrowLeft, PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Logo } from '@/components/ui/logo';

/** Placeholder until the anonymous live demo is built. */
export function LiveDemoPage() {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-primary-soft/60 to-background">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-5 sm:px-6">
        <Link to="/" aria-label="Stimmwerk Startseite">
          <Logo />
        </Link>
        <Link to="/" className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Zur Startseite
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-10">
        <Card className="w-full max-w-lg">
          <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
              <PlayCircle className="size-6" aria-hidden="true" />
            </span>
            <h1 className="text-2xl font-semibold tracking-tight">Live Demo</h1>
            <p className="text-lg font-medium">Kommt bald</p>
            <p className="max-w-sm text-sm text-muted-foreground">
              Hier können Sie Stimmwerk bald ohne Anmeldung ausprobieren. Bis dahin erhalten Sie nach der Registrierung
              ein Startguthaben zum Testen.
            </p>
            <ButtonLink to="/auth?tab=signup">Kostenlos registrieren</ButtonLink>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
