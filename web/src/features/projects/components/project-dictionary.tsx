import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PlsActions } from '@/components/pronunciation/pls-actions';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import type { DictionaryEntry } from '@/lib/dictionary';
import { toastError } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form';
import { useChangeProjectEntry, useImportProjectPls, useProjectDictionary, type ProjectEntryChange } from '../api/project-dictionary';

const entrySchema = z.object({
  term: z.string().trim().min(1, 'Bitte geben Sie den Begriff ein.').max(100, 'Höchstens 100 Zeichen.'),
  spoken: z.string().trim().min(1, 'Bitte geben Sie an, wie er gesprochen wird.').max(200, 'Höchstens 200 Zeichen.'),
});
type EntryForm = z.infer<typeof entrySchema>;

/**
 * "Aussprache in diesem Projekt": dictionary entries that apply to this project only (before
 * the user's own and the global ones). After a change it says how many paragraphs became
 * stale and what rendering them again costs; rendering stays the user's choice. The entries
 * move as PLS too (export, and import into this project).
 */
export function ProjectDictionary({ projectId }: { projectId: string }) {
  const entries = useProjectDictionary(projectId);
  const [report, setReport] = useState('');
  const [refused, setRefused] = useState<string[]>([]);
  const change = useChangeProjectEntry({ mutationConfig: { onSuccess: setReport } });
  const importPls = useImportProjectPls({
    mutationConfig: {
      onSuccess: ({ result, report: said }) => {
        setReport(said);
        setRefused(result.errors);
      },
      onError: (error) => toastError(error, 'PLS-Import fehlgeschlagen', 'project-pls-import'),
    },
  });
  const send = (next: ProjectEntryChange, options?: Parameters<typeof change.mutate>[1]) => {
    setReport('');
    setRefused([]);
    change.mutate(next, options);
  };
  return (
    <Card data-testid="project-dictionary">
      <CardHeader>
        <CardTitle>Aussprache in diesem Projekt</CardTitle>
        <CardDescription>Gilt nur hier und vor Ihrem eigenen Wörterbuch. Betroffene Absätze sind danach neu zu vertonen.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {entries.isPending && <LoadingSkeleton label="Einträge werden geladen…" rows={1} />}
        {entries.isError && <LoadErrorAlert title="Einträge konnten nicht geladen werden" error={entries.error} onRetry={() => void entries.refetch()} />}
        {entries.data && (
          <EntryList
            entries={entries.data}
            removing={change.isPending && change.variables && 'remove' in change.variables ? change.variables.remove.id : null}
            onRemove={(entry) =>
              send({ projectId, remove: entry }, { onError: (error) => toastError(error, 'Eintrag konnte nicht gelöscht werden', 'project-entry') })
            }
          />
        )}
        <AddEntryForm pending={change.isPending} onAdd={(input, callbacks) => send({ projectId, input }, callbacks)} />
        <p role="status" className="text-sm font-medium empty:hidden" data-testid="project-dictionary-report">
          {report}
        </p>
        {refused.length > 0 && <RefusedList errors={refused} />}
        <div className="flex flex-wrap gap-2 border-t border-border pt-4">
          <PlsActions
            projectId={projectId}
            size="sm"
            pending={importPls.isPending}
            onFile={(file) => {
              setReport('');
              setRefused([]);
              importPls.mutate({ projectId, file });
            }}
          />
        </div>
      </CardContent>
    </Card>
  );
}

/** The lexemes a PLS import could not take, as the server names them. */
function RefusedList({ errors }: { errors: string[] }) {
  return (
    <div className="rounded-lg border border-destructive/40 bg-destructive-soft px-3 py-2 text-sm" data-testid="project-pls-errors">
      <p className="font-medium text-destructive">
        {errors.length === 1 ? '1 Eintrag' : `${errors.length} Einträge`} nicht übernommen:
      </p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}

type EntryListProps = { entries: DictionaryEntry[]; removing: string | null; onRemove: (entry: DictionaryEntry) => void };

function EntryList({ entries, removing, onRemove }: EntryListProps) {
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">Noch keine Einträge für dieses Projekt.</p>;
  return (
    <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" aria-label="Einträge dieses Projekts">
      {entries.map((entry) => (
        <li key={entry.id} className="flex items-center gap-2 px-3 py-2 text-sm" data-testid="project-entry">
          <span className="min-w-0 flex-1 break-words">
            <span className="font-medium">{entry.term}</span>
            <span className="text-muted-foreground"> → </span>
            {entry.spoken}
          </span>
          <Button
            variant="ghost"
            size="icon"
            loading={removing === entry.id}
            disabled={removing !== null}
            onClick={() => onRemove(entry)}
            aria-label={`Löschen: ${entry.term}`}
            title="Löschen"
            data-testid="project-entry-delete"
          >
            {removing !== entry.id && <Trash2 aria-hidden="true" />}
          </Button>
        </li>
      ))}
    </ul>
  );
}

type NewEntry = { term: string; spoken: string; ipa: null; whole_word: boolean; case_sensitive: boolean };
type AddEntryFormProps = {
  pending: boolean;
  onAdd: (input: NewEntry, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void;
};

/** Begriff and "Gesprochen als"; the whole word, any case (the dictionary page offers the rest). */
function AddEntryForm({ pending, onAdd }: AddEntryFormProps) {
  const form = useForm<EntryForm>({ resolver: zodResolver(entrySchema), defaultValues: { term: '', spoken: '' } });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) => {
    onAdd(
      { ...values, ipa: null, whole_word: true, case_sensitive: false },
      {
        onSuccess: () => form.reset({ term: '', spoken: '' }),
        onError: (error) => {
          if (applyServerFieldErrors(error, form.setError, ['term', 'spoken'])) return;
          toastError(error, 'Eintrag konnte nicht gespeichert werden', 'project-entry');
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={submit} aria-label="Eintrag für dieses Projekt hinzufügen" className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Begriff" error={errors.term?.message}>
          <Input autoComplete="off" placeholder="z. B. Sassnitz" {...form.register('term')} data-testid="project-entry-term" />
        </FormField>
        <FormField label="Gesprochen als" error={errors.spoken?.message}>
          <Input autoComplete="off" placeholder="z. B. Sass-nitz" {...form.register('spoken')} data-testid="project-entry-spoken" />
        </FormField>
      </div>
      <Button type="submit" variant="outline" className="self-start" loading={pending} data-testid="project-entry-save">
        {!pending && <Plus aria-hidden="true" />}
        Eintrag hinzufügen
      </Button>
    </form>
  );
}
