import { House } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';

export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  return (
    <div className={embedded ? 'flex flex-col items-center py-20 text-center' : 'flex min-h-screen flex-col items-center justify-center bg-background px-4 text-center'}>
      <p className="text-7xl font-semibold tracking-tight text-primary">404</p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">Seite nicht gefunden</h1>
      <p className="mt-2 max-w-md text-muted-foreground">
        Die aufgerufene Seite existiert nicht oder wurde verschoben.
      </p>
      <ButtonLink to="/" className="mt-8">
        <House aria-hidden="true" />
        Zur Startseite
      </ButtonLink>
    </div>
  );
}
