import { ArrowLeft, LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';

export function DemoHeader() {
  return (
    <header className="sticky top-0 z-20 border-b border-border/70 bg-background/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to="/" aria-label="Stimmwerk Startseite">
          <Logo />
        </Link>
        <nav aria-label="Kopfnavigation" className="flex items-center gap-2">
          <ButtonLink to="/" variant="ghost" size="sm">
            <ArrowLeft aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Zur Startseite</span>
          </ButtonLink>
          <ButtonLink to="/auth" variant="primary" size="sm">
            <LogIn aria-hidden="true" />
            Anmelden
          </ButtonLink>
        </nav>
      </div>
    </header>
  );
}
