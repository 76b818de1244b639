import { Eraser } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export function JobListHeader({ cleaning, onCleanup }: { cleaning: boolean; onCleanup: () => void }) {
  return (
    <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 sm:flex-row">
      <div className="flex flex-col gap-1.5">
        <CardTitle>Meine Audios</CardTitle>
        <CardDescription>Ihre erzeugten Audios. Die Liste aktualisiert sich automatisch, solange Aufträge laufen.</CardDescription>
      </div>
      <Button variant="outline" size="sm" loading={cleaning} onClick={onCleanup} data-testid="jobs-cleanup">
        {!cleaning && <Eraser aria-hidden="true" />}
        Hängende Jobs bereinigen
      </Button>
    </CardHeader>
  );
}
