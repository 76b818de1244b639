import { useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { textLength } from '@/lib/limits';
import type { ManuscriptSource, NewProjectFormState } from '../hooks/use-new-project-form';
import { IMPORT_ACCEPT, PROJECT_TEXT_MAX_CHARS } from '../utils/project-rules';

export const FILE_HINT = 'TXT, Markdown, DOCX, EPUB oder PDF, höchstens 20 MB';

/** "Text einfügen" or "Datei hochladen": where the manuscript comes from. */
export function ManuscriptFields({ form }: { form: NewProjectFormState['form'] }) {
  const source = useWatch({ control: form.control, name: 'source' });
  const { errors } = form.formState;
  return (
    <Tabs value={source} onValueChange={(value) => form.setValue('source', value as ManuscriptSource)}>
      <TabsList aria-label="Quelle des Manuskripts">
        <TabsTrigger value="text" data-testid="project-source-text">
          Text einfügen
        </TabsTrigger>
        <TabsTrigger value="file" data-testid="project-source-file">
          Datei hochladen
        </TabsTrigger>
      </TabsList>
      <TabsContent value="text" className="mt-3">
        <FormField label="Manuskript" error={errors.text?.message} hint={<CharacterCount form={form} />}>
          <Textarea rows={8} className="max-h-72" {...form.register('text')} data-testid="project-text-input" />
        </FormField>
      </TabsContent>
      <TabsContent value="file" className="mt-3">
        <FormField label="Datei" error={errors.file?.message} hint={FILE_HINT}>
          <input
            type="file"
            accept={IMPORT_ACCEPT}
            onChange={(event) => form.setValue('file', event.target.files?.[0] ?? null, { shouldValidate: form.formState.isSubmitted })}
            className="block w-full cursor-pointer rounded-lg border border-input bg-card text-sm text-foreground file:mr-3 file:cursor-pointer file:border-0 file:bg-muted file:px-3 file:py-2 file:text-sm file:font-medium aria-[invalid=true]:border-destructive"
            data-testid="project-file-input"
          />
        </FormField>
      </TabsContent>
    </Tabs>
  );
}

/** "12.345 von 500.000 Zeichen", counted like the server (code points of the trimmed text). */
function CharacterCount({ form }: { form: NewProjectFormState['form'] }) {
  const text = useWatch({ control: form.control, name: 'text' }) ?? '';
  const chars = textLength(text);
  return (
    <span className={cn('tabular-nums', chars > PROJECT_TEXT_MAX_CHARS && 'font-medium text-destructive')} data-testid="project-text-count" aria-live="polite">
      {formatNumber(chars)} von {formatNumber(PROJECT_TEXT_MAX_CHARS)} Zeichen
    </span>
  );
}
