import { DownloadAudioButton, JobAudioPlayer } from '@/components/library/audio-controls';
import { AudioFacts } from '@/components/library/audio-facts';
import { Badge } from '@/components/ui/badge';
import { formatDateTime, truncate } from '@/lib/format';
import { SOURCE_LABELS, type LibraryJob } from '@/lib/library';

/**
 * One audio of the knowledge base: selection box, text, what it is (voice, cost, length,
 * date, how long it is kept), source, categories, tags, its player and the download.
 */
export function LibraryItem({
  job,
  selected,
  onSelect,
  now,
}: {
  job: LibraryJob;
  selected: boolean;
  onSelect: (id: string, selected: boolean) => void;
  /** The current time (one clock for every row's countdown). */
  now: number;
}) {
  const preview = truncate(job.text, 100);
  return (
    <li className="flex items-start gap-3 px-4 py-4 sm:px-6" data-testid="kb-item" data-job-id={job.id}>
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]"
        checked={selected}
        onChange={(e) => onSelect(job.id, e.target.checked)}
        aria-label={`Auswählen: ${preview}`}
        data-testid="kb-select"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex items-start gap-2">
          <p className="min-w-0 flex-1 break-words text-sm font-medium" title={job.text}>
            {preview}
          </p>
          <DownloadAudioButton job={job} testIdPrefix="kb" className="-mt-1.5" />
        </div>
        <AudioFacts job={job} now={now} testIdPrefix="kb">
          <Badge variant={job.source === 'manual' ? 'outline' : 'primary'} data-testid="kb-source">
            {job.source === 'project' ? 'Projekt' : SOURCE_LABELS[job.source]}
          </Badge>
          {job.deleted_at && (
            <span className="text-destructive" data-testid="kb-deleted">
              Gelöscht: {formatDateTime(job.deleted_at)}
            </span>
          )}
        </AudioFacts>
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
        <JobAudioPlayer job={job} testIdPrefix="kb" className="mt-1 max-w-2xl" />
      </div>
    </li>
  );
}
