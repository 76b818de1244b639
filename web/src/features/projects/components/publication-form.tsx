import { Save } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { ProjectPublication } from '../api/types';
import { usePublicationForm } from '../hooks/use-publication-form';

export const NARRATOR_HINT = 'Die Stimme des Projekts; sie wird oben unter „Stimme des Projekts“ geändert.';

/** Author, publisher, genre, year and comment of every export; the narrator is the project's voice (read-only). */
export function PublicationForm({ projectId, publication, labelledBy }: { projectId: string; publication: ProjectPublication; labelledBy: string }) {
  const { form, saving, submit } = usePublicationForm({ projectId, publication });
  const { errors } = form.formState;
  return (
    <form noValidate aria-labelledby={labelledBy} onSubmit={submit} className="flex flex-col gap-4" data-testid="publication-form">
      <FormField label="Autor" error={errors.author?.message}>
        <Input autoComplete="off" {...form.register('author')} data-testid="publication-author" />
      </FormField>
      <FormField label="Verlag" error={errors.publisher?.message}>
        <Input autoComplete="off" {...form.register('publisher')} data-testid="publication-publisher" />
      </FormField>
      <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
        <FormField label="Genre" error={errors.genre?.message}>
          <Input autoComplete="off" {...form.register('genre')} data-testid="publication-genre" />
        </FormField>
        <FormField label="Jahr" error={errors.year?.message}>
          <Input inputMode="numeric" autoComplete="off" maxLength={4} {...form.register('year')} data-testid="publication-year" />
        </FormField>
      </div>
      <FormField label="Kommentar" error={errors.comment?.message} hint="Eine kurze Beschreibung, höchstens 2.000 Zeichen.">
        <Textarea rows={3} className="min-h-20" {...form.register('comment')} data-testid="publication-comment" />
      </FormField>
      <FormField label="Sprecher" hint={NARRATOR_HINT}>
        <Input readOnly value={publication.narrator ?? ''} placeholder="Keine Stimme" data-testid="publication-narrator" />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" loading={saving} data-testid="publication-save">
          {!saving && <Save aria-hidden="true" />}
          Speichern
        </Button>
      </div>
    </form>
  );
}
