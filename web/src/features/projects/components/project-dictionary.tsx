import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import type { DictionaryEntry } from '@/lib/dictionary';
import { toastError } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form';
import { useChangeProjectEntry, useProjectDictionary, type ProjectEntryChange } from '../api/project-dictionary';

const entrySchema = z.object({
  term: z.string().trim().min(1, 'Bitte geben Sie den Begriff ein.').max(100, 'Höchstens 100 Zeichen.'),
  spoken: z.string().trim().min(1, 'Bitte geben Sie an, wie er gesprochen wird.').max(200, 'Höchstens 200 Zeichen.'),
});
type EntryForm = z.infer<typeof entrySchema>;

/**
 * "Aussprache in diesem Projekt": dictionary entries that apply to this project only (before
 * the user's own and the global ones). After a change it says how many paragraphs became
 * stale and what rendering them again costs; rendering stays the user's choice.
 */
export function ProjectDictionary({ projectId }: { projectId: string }) {
  const entries = useProjectDictionary(projectId);
  const [report, setReport] = useState('');
  const change = useChangeProjectEntry({ mutationConfig: { onSuccess: setReport } });
  const send = (next: ProjectEntryChange, options?: Parameters<typeof change.mutate>[1]) => {
    setReport('');
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
      </CardContent>
    </Card>
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
