import { ArchiveRestore, FileAudio, FolderPlus, Tags, Trash, Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useLibraryJobs, type LibraryFilters } from '@/lib/library';
import { useAudioPlayer } from '@/lib/use-audio-player';
import { libraryActions, useLibraryMutation } from '../api/library-actions';
import { AddTagsDialog } from './add-tags-dialog';
import { AssignCategoryDialog } from './assign-category-dialog';
import { LibraryItem } from './library-item';

export const KB_REFRESH_MS = 10_000;

type Open = 'category' | 'tags' | 'empty' | null;

/** "Audio-Bibliothek (n)": the filtered list with multi-select and bulk actions. */
export function LibraryList({
  filters,
  emptyText = 'Keine Audios in der Knowledge Base gefunden',
  loadingText = 'Lädt Knowledge Base...',
  title = 'Audio-Bibliothek',
}: {
  filters: LibraryFilters;
  emptyText?: string;
  loadingText?: string;
  title?: string;
}) {
  const { query, jobs, total } = useLibraryJobs(filters, { refetchInterval: KB_REFRESH_MS });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<Open>(null);
  const player = useAudioPlayer({
    onError: useCallback(() => toast.error('Wiedergabefehler', { description: 'Audio konnte nicht abgespielt werden.' }), []),
  });
  const ids = jobs.filter((j) => selected.has(j.id)).map((j) => j.id);
  const clear = () => setSelected(new Set());
  const onError = (error: Error) => toast.error('Aktion fehlgeschlagen', { description: isApiError(error) ? error.message : 'Bitte versuchen Sie es erneut.' });
  const trash = useLibraryMutation(libraryActions.trash);
  const restore = useLibraryMutation(libraryActions.restore);
  const empty = useLibraryMutation(libraryActions.emptyTrash);
  const deletedView = filters.trash === 'deleted';
  const allSelected = jobs.length > 0 && ids.length === jobs.length;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 sm:flex-row">
        <CardTitle data-testid="kb-title">
          {title} ({total})
        </CardTitle>
        <div className="flex flex-wrap items-center gap-2">
          {ids.length > 0 && <span className="text-sm text-muted-foreground">{ids.length} ausgewählt</span>}
          <Button size="sm" variant="outline" disabled={ids.length === 0} onClick={() => setOpen('category')} data-testid="kb-assign-category">
            <FolderPlus aria-hidden="true" /> Kategorie zuweisen
          </Button>
          <Button size="sm" variant="outline" disabled={ids.length === 0} onClick={() => setOpen('tags')} data-testid="kb-add-tags">
            <Tags aria-hidden="true" /> Tags hinzufügen
          </Button>
          {deletedView ? (
            <>
              <Button
                size="sm"
                variant="outline"
                disabled={ids.length === 0}
                loading={restore.isPending}
                onClick={() => restore.mutate(ids, { onSuccess: () => (clear(), toast.success('Audios wiederhergestellt')), onError })}
                data-testid="kb-restore"
              >
                <ArchiveRestore aria-hidden="true" /> Wiederherstellen
              </Button>
              <Button size="sm" variant="destructive" disabled={jobs.length === 0} onClick={() => setOpen('empty')} data-testid="kb-empty-trash">
                <Trash2 aria-hidden="true" /> Papierkorb leeren
              </Button>
            </>
          ) : (
            <Button
              size="sm"
              variant="outline"
              disabled={ids.length === 0}
              loading={trash.isPending}
              onClick={() => trash.mutate(ids, { onSuccess: () => (clear(), toast.success('In den Papierkorb verschoben')), onError })}
              data-testid="kb-trash"
            >
              <Trash aria-hidden="true" /> In den Papierkorb
            </Button>
          )}
        </div>
      </CardHeader>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the audio's text, shown in its row, is the transcript */}
      <audio {...player.audioProps} preload="none" className="hidden" />
      {query.isPending ? (
        <div className="flex items-center justify-center gap-2 px-6 pb-10 pt-6 text-sm text-muted-foreground" data-testid="kb-loading">
          <Spinner label={null} /> {loadingText}
        </div>
      ) : query.isError && jobs.length === 0 ? (
        <div className="px-5 pb-6 sm:px-6">
          <LoadErrorAlert title="Audios konnten nicht geladen werden" error={query.error} onRetry={() => void query.refetch()} />
        </div>
      ) : jobs.length === 0 ? (
        <div className="flex flex-col items-center gap-3 px-6 pb-12 pt-6 text-center" data-testid="kb-empty">
          <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <FileAudio className="size-5" aria-hidden="true" />
          </span>
          <p className="text-sm text-muted-foreground">{emptyText}</p>
        </div>
      ) : (
        <>
          <label className="flex items-center gap-3 border-t border-border px-4 py-2 text-sm sm:px-6">
            <input
              type="checkbox"
              className="size-4"
              checked={allSelected}
              onChange={(e) => setSelected(e.target.checked ? new Set(jobs.map((j) => j.id)) : new Set())}
              data-testid="kb-select-all"
            />
            Alle auswählen
          </label>
          <ul className="divide-y divide-border border-t border-border" aria-label={title} data-testid="kb-list">
            {jobs.map((job) => (
              <LibraryItem
                key={job.id}
                job={job}
                selected={selected.has(job.id)}
                onSelect={(id, on) =>
                  setSelected((prev) => {
                    const next = new Set(prev);
                    if (on) next.add(id);
                    else next.delete(id);
                    return next;
                  })
                }
                playing={player.playingId === job.id}
                onTogglePlay={(j) => j.audio_url && void player.toggle(j.id, j.audio_url)}
              />
            ))}
          </ul>
        </>
      )}
      {query.hasNextPage && (
        <div className="flex justify-center border-t border-border p-4">
          <Button variant="outline" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} data-testid="kb-load-more">
            Mehr laden
          </Button>
        </div>
      )}
      <AssignCategoryDialog ids={ids} open={open === 'category'} onOpenChange={(o) => setOpen(o ? 'category' : null)} onDone={clear} />
      <AddTagsDialog ids={ids} open={open === 'tags'} onOpenChange={(o) => setOpen(o ? 'tags' : null)} onDone={clear} />
      <ConfirmDialog
        open={open === 'empty'}
        onOpenChange={(o) => setOpen(o ? 'empty' : null)}
        title="Papierkorb leeren?"
        description={
          ids.length > 0
            ? `Die ${ids.length} ausgewählten Audios werden mit ihren Dateien endgültig gelöscht.`
            : 'Alle Audios im Papierkorb werden mit ihren Dateien endgültig gelöscht. Dies kann nicht rückgängig gemacht werden.'
        }
        confirmLabel="Endgültig löschen"
        destructive
        loading={empty.isPending}
        onConfirm={() =>
          empty.mutate(ids.length > 0 ? ids : undefined, {
            onSuccess: () => (setOpen(null), clear(), toast.success('Papierkorb geleert')),
            onError,
          })
        }
      />
    </Card>
  );
}
