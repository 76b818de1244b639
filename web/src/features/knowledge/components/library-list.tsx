import { FileAudio } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { useNow } from '@/lib/expiry';
import { useLibraryJobs, type LibraryFilters, type LibraryJob } from '@/lib/library';
import { AddTagsDialog } from './add-tags-dialog';
import { AssignCategoryDialog } from './assign-category-dialog';
import { EmptyTrashDialog, LibraryBulkActions, type BulkDialog } from './library-bulk-actions';
import { LibraryItem } from './library-item';

export const KB_REFRESH_MS = 10_000;

/** The checked audios; only those still in the list count. */
function useSelection(jobs: LibraryJob[]) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const ids = jobs.filter((j) => selected.has(j.id)).map((j) => j.id);
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const selectAll = (on: boolean) => setSelected(on ? new Set(jobs.map((j) => j.id)) : new Set());
  return { selected, ids, toggle, selectAll, clear: () => setSelected(new Set()) };
}

type Selection = ReturnType<typeof useSelection>;

/** "Alle auswählen" and the rows, each with its checkbox and player. */
function LibraryRows({ jobs, title, selection }: { jobs: LibraryJob[]; title: string; selection: Selection }) {
  // One clock for every row's expiry countdown.
  const now = useNow();
  return (
    <>
      <label className="flex items-center gap-3 border-t border-border px-4 py-2 text-sm sm:px-6">
        <input
          type="checkbox"
          className="size-4"
          checked={jobs.length > 0 && selection.ids.length === jobs.length}
          onChange={(e) => selection.selectAll(e.target.checked)}
          data-testid="kb-select-all"
        />
        Alle auswählen
      </label>
      <ul className="divide-y divide-border border-t border-border" aria-label={title} data-testid="kb-list">
        {jobs.map((job) => (
          <LibraryItem
            key={job.id}
            job={job}
            selected={selection.selected.has(job.id)}
            onSelect={selection.toggle}
            now={now}
          />
        ))}
      </ul>
    </>
  );
}

type LibraryListProps = {
  filters: LibraryFilters;
  emptyText?: string;
  loadingText?: string;
  title?: string;
};

/** "Audio-Bibliothek (n)": the filtered list with multi-select and bulk actions. */
export function LibraryList({
  filters,
  emptyText = 'Keine Audios in der Knowledge Base gefunden',
  loadingText = 'Lädt Knowledge Base...',
  title = 'Audio-Bibliothek',
}: LibraryListProps) {
  const { query, jobs, total } = useLibraryJobs(filters, { refetchInterval: KB_REFRESH_MS });
  const selection = useSelection(jobs);
  const [open, setOpen] = useState<BulkDialog>(null);
  const { ids, clear } = selection;
  const openChange = (dialog: BulkDialog) => (o: boolean) => setOpen(o ? dialog : null);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 sm:flex-row">
        <CardTitle data-testid="kb-title">
          {title} ({total})
        </CardTitle>
        <LibraryBulkActions ids={ids} deletedView={filters.trash === 'deleted'} listEmpty={jobs.length === 0} onOpen={setOpen} onDone={clear} />
      </CardHeader>
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
        <LibraryRows jobs={jobs} title={title} selection={selection} />
      )}
      {query.hasNextPage && (
        <div className="flex justify-center border-t border-border p-4">
          <Button variant="outline" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} data-testid="kb-load-more">
            Mehr laden
          </Button>
        </div>
      )}
      <AssignCategoryDialog ids={ids} open={open === 'category'} onOpenChange={openChange('category')} onDone={clear} />
      <AddTagsDialog ids={ids} open={open === 'tags'} onOpenChange={openChange('tags')} onDone={clear} />
      <EmptyTrashDialog ids={ids} open={open === 'empty'} onOpenChange={openChange('empty')} onDone={clear} />
    </Card>
  );
}
