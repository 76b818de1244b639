import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { toastError } from '@/lib/errors';
import { useUpdateChapter } from '../api/update-chapter';
import type { ChapterDetail } from '../api/types';
import { parsePause, pauseFieldValue } from '../utils/pause';
import { PauseInput } from './pause-input';

/** The server's message for the pause field (a 422 names `pause_after_ms`), else nothing. */
function pauseError(error: unknown): string | undefined {
  return isApiError(error) ? (error.fields.pause_after_ms ?? undefined) : undefined;
}

/**
 * "Pause nach dem Kapitel": the silence after the chapter's audio, in seconds (0 to 10).
 * Saving it joins the chapter again (nothing is rendered or charged).
 */
export function ChapterPauseField({ projectId, chapter }: { projectId: string; chapter: Pick<ChapterDetail, 'id' | 'pause_after_ms' | 'audio'> }) {
  const id = useId();
  const saved = chapter.pause_after_ms;
  const [draft, setDraft] = useState(() => pauseFieldValue(saved));
  const [known, setKnown] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  // The saved pause changed (here or elsewhere): the field shows it.
  if (known !== saved) {
    setKnown(saved);
    setDraft(pauseFieldValue(saved));
  }
  const update = useUpdateChapter({
    mutationConfig: {
      onSuccess: () => {
        toast.success('Pause gespeichert', {
          id: 'chapter-pause',
          description: chapter.audio ? 'Das Kapitelaudio wird mit der neuen Pause zusammengefügt.' : undefined,
        });
      },
      onError: (failure) => {
        const message = pauseError(failure);
        if (message) return setError(message);
        toastError(failure, 'Pause konnte nicht gespeichert werden', 'chapter-pause');
      },
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePause(draft);
    if (parsed.error !== undefined) return setError(parsed.error);
    if (parsed.ms === null) return setError('Bitte geben Sie die Pause in Sekunden an, z. B. 1,5.');
    setError(undefined);
    if (parsed.ms === saved) return;
    update.mutate({ projectId, chapterId: chapter.id, change: { pause_after_ms: parsed.ms } });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" data-testid="chapter-pause">
      <Label htmlFor={id}>Pause nach dem Kapitel</Label>
      <div className="flex items-center gap-2">
        <PauseInput
          id={id}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid="chapter-pause-input"
        />
        <Button type="submit" variant="outline" size="sm" loading={update.isPending} data-testid="chapter-pause-save">
          Speichern
        </Button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </form>
  );
}
