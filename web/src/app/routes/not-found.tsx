import { House } from 'lucide-react';
import { SkipLink } from '@/components/layout/skip-link';
import { ButtonLink } from '@/components/ui/button';
import { MAIN_CONTENT_ID, paths } from '@/config/paths';

function NotFoundContent() {
  return (
    <>
      <p className="text-7xl font-semibold tracking-tight text-primary" aria-hidden="true">
        404
      </p>
      <h1 tabIndex={-1} data-page-heading className="mt-4 text-2xl font-semibold tracking-tight focus:outline-none">
        Seite nicht gefunden
      </h1>
      <p className="mt-2 max-w-md text-muted-foreground">Die aufgerufene Seite existiert nicht oder wurde verschoben.</p>
      <ButtonLink to={paths.home} className="mt-8">
        <House aria-hidden="true" />
        Zur Startseite
      </ButtonLink>
    </>
  );
}

/** 404 inside the dashboard frame, whose layout has the `<main>`. */
export function EmbeddedNotFoundPage() {
  return (
    <div className="flex flex-col items-center py-20 text-center">
      <NotFoundContent />
    </div>
  );
}

/** 404 on its own page. */
export function NotFoundPage() {
  return (
    <>
      <SkipLink />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex min-h-screen flex-col items-center justify-center bg-background px-4 text-center focus:outline-none"
      >
        <NotFoundContent />
      </main>
    </>
  );
}
