import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { ImportResult } from '../api/dictionary';

type ImportReportProps = {
  result: ImportResult;
  /** A CSV import reports lines, a PLS import its lexemes (entries). */
  format?: 'csv' | 'pls';
  onClose: () => void;
};

/** What the last import (CSV or PLS) did, with every line or entry it could not take (not only a toast). */
export function ImportReport({ result, format = 'csv', onClose }: ImportReportProps) {
  const one = result.errors.length === 1;
  const unit = format === 'pls' ? (one ? 'Eintrag' : 'Einträge') : one ? 'Zeile' : 'Zeilen';
  const saved = `${result.saved} ${result.saved === 1 ? 'Eintrag' : 'Einträge'} übernommen`;
  const refused = `${result.errors.length} ${unit} nicht übernommen`;
  return (
    <div data-testid="import-report">
      <Alert variant="error" title={`${format === 'pls' ? 'PLS-Import' : 'Import'}: ${saved}, ${refused}`}>
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
