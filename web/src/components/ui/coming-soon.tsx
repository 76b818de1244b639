import { Hammer } from 'lucide-react';
import { Card, CardContent } from './card';
import { PageHeader } from './page-header';

/** Placeholder for a screen that is not built yet. */
export function ComingSoon({ title, description }: { title: string; description?: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-14 text-center sm:py-16">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
            <Hammer className="size-5" aria-hidden="true" />
          </span>
          <p className="text-lg font-semibold">Kommt bald</p>
          <p className="max-w-md text-sm text-muted-foreground">
            {description ?? 'Dieser Bereich wird gerade entwickelt und steht in Kürze zur Verfügung.'}
          </p>
        </CardContent>
      </Card>
    </>
  );
}
