import { LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';

/**
 * Header of the pages for visitors (landing, live demo): logo home, one page-specific
 * link, and "Anmelden".
 */
export function PublicHeader({ secondaryLink }: { secondaryLink: ReactNode }) {
  return (
    <header className="sticky top-0 z-20 border-b border-border/70 bg-background/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:gap-3 sm:px-6">
        <Link to={paths.home} aria-label="Stimmwerk Startseite" className="shrink-0">
          <Logo />
        </Link>
        {/* On a phone the labelled buttons drop their icons, so logo, link and "Anmelden" fit 390 px. */}
        <nav aria-label="Kopfnavigation" className="flex min-w-0 items-center gap-1 sm:gap-2 max-sm:[&_a]:px-2.5">
          {secondaryLink}
          <ButtonLink to={paths.auth} variant="primary" size="sm">
            <LogIn aria-hidden="true" className="max-sm:hidden" />
            Anmelden
          </ButtonLink>
        </nav>
      </div>
    </header>
  );
}
