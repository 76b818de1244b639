import { ImageOff, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form';
import { isApiError } from '@/lib/api-client';
import { toastError } from '@/lib/errors';
import { useDeleteCover } from '../api/delete-cover';
import type { ProjectCover } from '../api/types';
import { useUploadCover } from '../api/upload-cover';
import { COVER_ACCEPT, COVER_MAX_BYTES, COVER_TOO_LARGE_MESSAGE, coverSize } from '../utils/project-rules';

export const COVER_HINT = 'JPEG oder PNG, höchstens 10 MB, 1400 bis 6000 Pixel je Seite; für ACX quadratisch und mindestens 2400 × 2400.';

/**
 * The cover every export carries: its thumbnail and size, "Cover hochladen" (replaces it)
 * and "Cover entfernen". A refused file says why under the buttons; a cover ACX would not
 * take says so as a note.
 */
export function CoverField({ projectId, cover }: { projectId: string; cover: ProjectCover | null }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();
  // The picture's address never changes and the browser keeps it an hour: a new upload
  // (and every visit of the page) asks for it under a new one.
  const [version, setVersion] = useState(() => Date.now());
  const upload = useUploadCover({
    mutationConfig: {
      onSuccess: () => {
        setVersion(Date.now());
        toast.success('Cover gespeichert', { id: 'project-cover' });
      },
      onError: (failure) => {
        const message = isApiError(failure) ? failure.fields.file : undefined;
        if (message) setError(message);
        else toastError(failure, 'Cover konnte nicht hochgeladen werden', 'project-cover');
      },
    },
  });
  const remove = useDeleteCover({
    mutationConfig: {
      onSuccess: () => toast.success('Cover entfernt', { id: 'project-cover' }),
      onError: (failure) => toastError(failure, 'Cover konnte nicht entfernt werden', 'project-cover'),
    },
  });
  const choose = (file: File | undefined) => {
    setError(undefined);
    if (!file) return;
    if (file.size > COVER_MAX_BYTES) setError(COVER_TOO_LARGE_MESSAGE);
    else upload.mutate({ projectId, file });
  };
  const busy = upload.isPending || remove.isPending;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3" data-testid="cover">
      <h3 id={`${id}-title`} className="text-sm font-medium">
        Cover
      </h3>
      <CoverPreview cover={cover} src={cover ? `${cover.url}?v=${version}` : null} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          loading={upload.isPending}
          disabled={busy}
          onClick={() => input.current?.click()}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          data-testid="cover-upload"
        >
          {!upload.isPending && <Upload aria-hidden="true" />}
          {cover ? 'Cover ersetzen' : 'Cover hochladen'}
        </Button>
        <input
          ref={input}
          type="file"
          accept={COVER_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Cover-Bild wählen"
          data-testid="cover-file"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            // The same file can be chosen again (after a refusal, say).
            event.target.value = '';
          }}
        />
        {cover && (
          <Button variant="outline" size="sm" loading={remove.isPending} disabled={busy} onClick={() => remove.mutate(projectId)} data-testid="cover-remove">
            {!remove.isPending && <Trash2 aria-hidden="true" />}
            Cover entfernen
          </Button>
        )}
      </div>
      {!error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {COVER_HINT}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </section>
  );
}

/** The thumbnail with its size in pixels, and why ACX would refuse it; or that there is none. */
function CoverPreview({ cover, src }: { cover: ProjectCover | null; src: string | null }) {
  if (!cover || !src) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="cover-empty">
        <ImageOff className="size-4" aria-hidden="true" />
        Noch kein Cover.
      </p>
    );
  }
  return (
    <div className="flex items-start gap-3">
      <img src={src} alt="Cover" width={96} height={96} className="size-24 shrink-0 rounded-md border border-border bg-muted object-cover" data-testid="cover-image" />
      <div className="flex min-w-0 flex-col gap-1 text-xs">
        <p className="text-muted-foreground" data-testid="cover-size">
          {coverSize(cover)}
        </p>
        {cover.acx_refusal && (
          <p className="font-medium text-warning" data-testid="cover-acx-refusal">
            Hinweis: {cover.acx_refusal}
          </p>
        )}
      </div>
    </div>
  );
}
