import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SkipLink } from '@/components/layout/skip-link';
import { Logo } from '@/components/ui/logo';
import { MAIN_CONTENT_ID, paths } from '@/config/paths';

/** The frame of the sign-in pages: logo, "Zur Startseite" and a centred `<main>`. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-primary-soft/60 to-background">
      <SkipLink />
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-5 sm:px-6">
        <Link to={paths.home} aria-label="Stimmwerk Startseite">
          <Logo />
        </Link>
        <Link to={paths.home} className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Zur Startseite
        </Link>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 focus:outline-none sm:pt-12">
        {children}
      </main>
    </div>
  );
}
