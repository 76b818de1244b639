import { Download, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { useReauthPrompt } from '@/components/reauth/reauth-dialog';
import { PlsActions } from '@/components/pronunciation/pls-actions';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import { useMe } from '@/lib/auth';
import { importSummary } from '@/lib/dictionary';
import { errorMessage } from '@/lib/errors';
import { type DictionaryEntry, type ImportResult, dictionaryUrls, useDictionary, useDictionaryMutations } from '../api/dictionary';
import { EntriesTable } from '../components/entries-table';
import { EntryFormCard } from '../components/entry-form';
import { ImportReport } from '../components/import-report';

/** A chosen file's text (FileReader: works in every browser and in the test DOM). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('Die Datei ist nicht lesbar.'));
    reader.readAsText(file);
  });
}

/**
 * /dashboard/aussprache: how terms are spoken on every engine (own entries, and the global
 * ones admins keep), imported and exported as CSV or as PLS (W3C Pronunciation Lexicon).
 * The TTS screen's preview shows them applied.
 */
export function PronunciationPage() {
  const me = useMe();
  const isAdmin = me.data?.role === 'admin';
  const entries = useDictionary();
  const { remove, importCsv, importPls } = useDictionaryMutations();
  const [deleting, setDeleting] = useState<DictionaryEntry | null>(null);
  const [editing, setEditing] = useState<DictionaryEntry | null>(null);
  const [report, setReport] = useState<{ result: ImportResult; format: 'csv' | 'pls' } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // Deleting a global entry needs the admin's password re-entered (10 minutes).
  const reauth = useReauthPrompt();
  const removeEntry = (entry: DictionaryEntry) =>
    remove.mutate(entry, {
      onSuccess: () => toast.success('Eintrag gelöscht'),
      onError: (error) => {
        if (reauth.ask(error, () => removeEntry(entry))) return;
        toast.error('Löschen fehlgeschlagen', { id: 'pronunciation-delete', description: errorMessage(error, '') });
      },
      onSettled: () => setDeleting(null),
    });

  const imported = (format: 'csv' | 'pls') => ({
    onSuccess: (result: ImportResult) => {
      const summary = importSummary(result);
      setReport(result.errors.length > 0 ? { result, format } : null);
      if (result.errors.length === 0) toast.success('Import abgeschlossen', { description: summary });
      else toast.warning('Import mit Fehlern', { description: `${summary} Die ${format === 'pls' ? 'Einträge' : 'Zeilen'} stehen im Importbericht.` });
    },
    onError: (error: Error) => toast.error('Import fehlgeschlagen', { id: 'pronunciation-import', description: errorMessage(error) }),
  });
  const importFile = async (file: File) => {
    importCsv.mutate(await readText(file), imported('csv'));
  };

  return (
    <>
      <PageHeader
        title="Aussprache"
        description="Legen Sie fest, wie Begriffe, Namen und Marken gesprochen werden – für alle Stimmen und Anbieter."
        actions={
          <div className="flex flex-wrap gap-2">
            <a className={buttonClasses('outline')} href={dictionaryUrls.export} download="aussprache.csv" data-testid="dictionary-export">
              <Download aria-hidden="true" /> CSV exportieren
            </a>
            <Button variant="outline" loading={importCsv.isPending} onClick={() => fileInput.current?.click()} data-testid="dictionary-import">
              <Upload aria-hidden="true" /> CSV importieren
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              aria-label="CSV-Datei importieren"
              data-testid="dictionary-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void importFile(file);
                e.target.value = '';
              }}
            />
            <PlsActions pending={importPls.isPending} onFile={(file) => importPls.mutate(file, imported('pls'))} />
          </div>
        }
      />
      <div className="flex flex-col gap-6">
        {report && <ImportReport result={report.result} format={report.format} onClose={() => setReport(null)} />}
        <EntryFormCard key={editing?.id ?? 'new'} isAdmin={isAdmin} editing={editing} onDone={() => setEditing(null)} />
        <p className="text-xs text-muted-foreground">
          CSV-Spalten: term, spoken, ipa, whole_word, case_sensitive (Komma oder Semikolon; ja/nein). Pausen im Text: [pause 500ms].
        </p>
        {entries.isPending && <LoadingSkeleton label="Wörterbuch wird geladen…" />}
        {entries.isError && <LoadErrorAlert title="Wörterbuch konnte nicht geladen werden" error={entries.error} onRetry={() => void entries.refetch()} />}
        {entries.isSuccess && entries.data.length === 0 && (
          <p className="text-sm text-muted-foreground" data-testid="dictionary-empty">
            Noch keine Einträge. Zahlen, Daten, Beträge und Abkürzungen werden ohnehin richtig gelesen.
          </p>
        )}
        {entries.data && entries.data.length > 0 && <EntriesTable entries={entries.data} isAdmin={isAdmin} onEdit={setEditing} onDelete={setDeleting} />}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Eintrag löschen?"
        description={`„${deleting?.term ?? ''}“ wird wieder so gelesen, wie er geschrieben ist.`}
        confirmLabel="Löschen"
        destructive
        loading={remove.isPending}
        onConfirm={() => {
          if (deleting) removeEntry(deleting);
        }}
      />
      {reauth.dialog}
    </>
  );
}
