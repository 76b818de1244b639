import { Mic } from 'lucide-react';
import { AudioControls } from '@/components/library/audio-controls';
import { Badge } from '@/components/ui/badge';
import { formatDateTime, truncate } from '@/lib/format';
import type { LibraryJob } from '@/lib/library';

/** One audio of the knowledge base: selection box, text, voice, categories, tags, source, controls. */
export function LibraryItem({
  job,
  selected,
  onSelect,
  playing,
  onTogglePlay,
}: {
  job: LibraryJob;
  selected: boolean;
  onSelect: (id: string, selected: boolean) => void;
  playing: boolean;
  onTogglePlay: (job: LibraryJob) => void;
}) {
  const preview = truncate(job.text, 100);
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:px-6" data-testid="kb-item" data-job-id={job.id}>
      <input
        type="checkbox"
        className="size-4 shrink-0 accent-[var(--color-primary)]"
        checked={selected}
        onChange={(e) => onSelect(job.id, e.target.checked)}
        aria-label={`Auswählen: ${preview}`}
        data-testid="kb-select"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <p className="break-words text-sm font-medium" title={job.text}>
          {preview}
        </p>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Mic className="size-3.5" aria-hidden="true" />
            {job.voice ? `${job.voice.name} · ${job.voice.language}` : 'Unbekannte Stimme'}
          </span>
          <Badge variant={job.source === 'api' ? 'primary' : 'outline'} data-testid="kb-source">
            {job.source === 'api' ? 'API' : 'Manuell'}
          </Badge>
          {job.deleted_at && (
            <span className="text-destructive" data-testid="kb-deleted">
              Gelöscht: {formatDateTime(job.deleted_at)}
            </span>
          )}
        </div>
        <div className="flex flex-wrap gap-1.5" data-testid="kb-labels">
          {job.categories.length === 0 ? (
            <span className="text-xs text-muted-foreground">Keine Kategorie</span>
          ) : (
            job.categories.map((c) => (
              <Badge key={c.id} variant="success">
                {c.name}
              </Badge>
            ))
          )}
          {job.tags.length === 0 ? (
            <span className="text-xs text-muted-foreground">Keine Tags</span>
          ) : (
            job.tags.map((t) => (
              <Badge key={t.id} variant="neutral">
                #{t.name}
              </Badge>
            ))
          )}
        </div>
      </div>
      <AudioControls job={job} playing={playing} onTogglePlay={onTogglePlay} />
    </li>
  );
}
