import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form';
import { fieldBase } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toastError } from '@/lib/errors';
import { useCharacters } from '../api/characters';
import type { ParagraphView, ProjectCharacter } from '../api/types';
import { useUpdateParagraph } from '../api/update-paragraph';
import { NO_VOICE_LEFT } from './character-row';

type CastingFormProps = { projectId: string; chapterId: string; paragraph: ParagraphView; onDone: () => void };

/** The option of the narrator (a native select has no null value). */
const NARRATOR = '';

/**
 * One select per quotation, in order: "Erzähler" or a character. Saving sends the whole
 * casting (one entry per quotation); it makes the paragraph stale.
 */
export function CastingForm({ projectId, chapterId, paragraph, onDone }: CastingFormProps) {
  const id = useId();
  const characters = useCharacters(projectId);
  const [casting, setCasting] = useState(() => paragraph.quotations.map((_, i) => paragraph.casting[i] ?? null));
  const update = useUpdateParagraph({
    mutationConfig: {
      onSuccess: () => {
        toast.success('Rollen gespeichert', { id: 'paragraph-casting', description: 'Der Absatz ist neu zu vertonen.' });
        onDone();
      },
      onError: (error) => {
        if (isApiError(error) && error.fields.casting) return;
        toastError(error, 'Rollen konnten nicht gespeichert werden', 'paragraph-casting');
      },
    },
  });
  const refused = isApiError(update.error) ? update.error.fields.casting : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ projectId, chapterId, paragraphId: paragraph.id, change: { casting } });
  };
  if (characters.isPending) return <LoadingSkeleton label="Rollen werden geladen…" rows={1} />;
  if (characters.isError) return <LoadErrorAlert title="Rollen konnten nicht geladen werden" error={characters.error} onRetry={() => void characters.refetch()} />;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Rollen der Zitate">
      {characters.data.length === 0 && (
        <p className="text-sm text-muted-foreground" data-testid="casting-no-characters">
          Dieses Projekt hat noch keine Rollen. Legen Sie sie in der Karte „Rollen“ an.
        </p>
      )}
      <ol className="flex max-h-[50vh] flex-col gap-3 overflow-y-auto">
        {paragraph.quotations.map((quotation, i) => (
          <li key={i} className="flex flex-col gap-1.5" data-testid="casting-quotation">
            <label htmlFor={`${id}-${i}`} className="line-clamp-3 text-sm">
              {/* The quotation as written, its marks included. */}
              <span className="sr-only">Zitat {i + 1}: </span>
              {quotation}
            </label>
            <SpeakerSelect id={`${id}-${i}`} characters={characters.data} value={casting[i]} onChange={(next) => setCasting((all) => all.map((c, at) => (at === i ? next : c)))} />
          </li>
        ))}
      </ol>
      <FieldError message={refused} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onDone} disabled={update.isPending}>
          Abbrechen
        </Button>
        <Button type="submit" size="sm" loading={update.isPending} data-testid="casting-save">
          Speichern
        </Button>
      </div>
    </form>
  );
}

type SpeakerSelectProps = { id: string; characters: ProjectCharacter[]; value: string | null; onChange: (characterId: string | null) => void };

function SpeakerSelect({ id, characters, value, onChange }: SpeakerSelectProps) {
  const known = value == null || characters.some((c) => c.id === value);
  return (
    <select id={id} value={value ?? NARRATOR} onChange={(e) => onChange(e.target.value === NARRATOR ? null : e.target.value)} className={cn(fieldBase, 'h-9 w-full')} data-testid="casting-select">
      <option value={NARRATOR}>Erzähler</option>
      {!known && value && <option value={value}>Unbekannte Rolle</option>}
      {characters.map((character) => (
        <option key={character.id} value={character.id}>
          {character.voice_id ? character.name : `${character.name} (${NO_VOICE_LEFT})`}
        </option>
      ))}
    </select>
  );
}
