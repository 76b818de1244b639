import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { useReauthPrompt } from '@/components/reauth/reauth-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form';
import { type DictionaryEntry, useDictionaryMutations } from '../api/dictionary';

export const entrySchema = z.object({
  term: z.string().trim().min(1, 'Bitte geben Sie den Begriff ein.').max(100, 'Höchstens 100 Zeichen.'),
  spoken: z.string().trim().min(1, 'Bitte geben Sie an, wie er gesprochen wird.').max(200, 'Höchstens 200 Zeichen.'),
  // Checked in full on the server (only IPA symbols); here only what a user mistypes most.
  ipa: z
    .string()
    .trim()
    .max(200, 'Höchstens 200 Zeichen.')
    .refine((value) => !/[/[\]]/.test(value), 'Bitte ohne Schrägstriche oder Klammern, z. B. ˈʃtɪmvɛʁk.'),
  whole_word: z.boolean(),
  case_sensitive: z.boolean(),
  global: z.boolean(),
});
type EntryForm = z.infer<typeof entrySchema>;

const empty: EntryForm = { term: '', spoken: '', ipa: '', whole_word: true, case_sensitive: false, global: false };

function valuesOf(entry: DictionaryEntry): EntryForm {
  const { term, spoken, ipa, whole_word, case_sensitive, global } = entry;
  return { term, spoken, ipa: ipa ?? '', whole_word, case_sensitive, global };
}

/**
 * "Eintrag hinzufügen" (the same term again changes its entry), or with `editing` the
 * form of that entry ("Eintrag bearbeiten"), its term too.
 */
export function EntryFormCard({ isAdmin, editing, onDone }: { isAdmin: boolean; editing?: DictionaryEntry | null; onDone?: () => void }) {
  const { save, update } = useDictionaryMutations();
  // A global entry is saved only after the admin re-entered the password (10 minutes).
  const reauth = useReauthPrompt();
  // The page mounts one form per edited entry (its key), so the values are there at once.
  const form = useForm<EntryForm>({ resolver: zodResolver(entrySchema), defaultValues: editing ? valuesOf(editing) : empty });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) => {
    const input = { ...values, ipa: values.ipa || null };
    const send = () => {
      if (editing) update.mutate({ id: editing.id, input }, done);
      else save.mutate(input, done);
    };
    const done = {
      onSuccess: (entry: DictionaryEntry) => {
        toast.success('Gespeichert', { description: `„${entry.term}“ wird „${entry.spoken}“ gesprochen.` });
        form.reset({ ...values, term: '', spoken: '', ipa: '' });
        onDone?.();
      },
      onError: (error: Error) => {
        if (reauth.ask(error, send)) return;
        if (applyServerFieldErrors(error, form.setError, ['term', 'spoken', 'ipa'])) return;
        toast.error('Speichern fehlgeschlagen', { id: 'pronunciation-save', description: errorMessage(error) });
      },
    };
    send();
  });
  // The dialog stays outside the form: its own form's submit must not bubble into this one.
  return (
    <>
      <form noValidate aria-label={editing ? 'Eintrag bearbeiten' : 'Eintrag hinzufügen'} onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="Begriff" error={errors.term?.message}>
            <Input autoComplete="off" placeholder="z. B. Stimmwerk" {...form.register('term')} data-testid="entry-term" />
          </FormField>
          <FormField label="Gesprochen als" error={errors.spoken?.message}>
            <Input autoComplete="off" placeholder="z. B. Schtimm-werk" {...form.register('spoken')} data-testid="entry-spoken" />
          </FormField>
          <FormField
            label="Lautschrift (IPA, optional)"
            hint="Google-Stimmen (außer Chirp 3 HD), Murf und deutsche eSpeak-Stimmen sprechen danach; die anderen lesen „Gesprochen als“."
            error={errors.ipa?.message}
          >
            <Input autoComplete="off" spellCheck={false} lang="und-fonipa" placeholder="z. B. ˈʃtɪmvɛʁk" {...form.register('ipa')} data-testid="entry-ipa" />
          </FormField>
        </div>
        <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" className="size-4 accent-primary" {...form.register('whole_word')} /> Nur ganze Wörter
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" className="size-4 accent-primary" {...form.register('case_sensitive')} /> Groß-/Kleinschreibung beachten
          </label>
          {isAdmin && !editing && (
            <label className="inline-flex items-center gap-2">
              <input type="checkbox" className="size-4 accent-primary" {...form.register('global')} /> Für alle (global)
            </label>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={save.isPending || update.isPending} data-testid="entry-save">
            {editing ? <Save aria-hidden="true" /> : <Plus aria-hidden="true" />} {editing ? 'Änderungen speichern' : 'Eintrag speichern'}
          </Button>
          {editing && (
            <Button type="button" variant="outline" onClick={onDone} data-testid="entry-cancel">
              Abbrechen
            </Button>
          )}
        </div>
      </form>
      {reauth.dialog}
    </>
  );
}
