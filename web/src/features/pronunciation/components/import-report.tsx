import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { ImportResult } from '../api/dictionary';

/** What the last CSV import did, with every line it could not take (not only a toast). */
export function ImportReport({ result, onClose }: { result: ImportResult; onClose: () => void }) {
  const saved = `${result.saved} ${result.saved === 1 ? 'Eintrag' : 'Einträge'} übernommen`;
  const refused = `${result.errors.length} ${result.errors.length === 1 ? 'Zeile' : 'Zeilen'} nicht übernommen`;
  return (
    <div data-testid="import-report">
      <Alert variant="error" title={`Import: ${saved}, ${refused}`}>
        <ul className="list-disc space-y-1 pl-5" data-testid="import-errors">
          {result.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
        <Button size="sm" variant="outline" className="mt-2" onClick={onClose}>
          Bericht schließen
        </Button>
      </Alert>
    </div>
  );
}
