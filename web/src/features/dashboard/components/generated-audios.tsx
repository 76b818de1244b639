import { FileAudio } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/errors';
import { truncate } from '@/lib/format';
import { useLibraryJobs, type LibraryJob } from '@/lib/library';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDeleteJob } from '../api/delete-job';
import { AudioFilters, INITIAL_DASHBOARD_FILTERS, toServerFilters } from './audio-filters';
import { AudioRow } from './audio-row';

/** "Generierte Audios": filtered on the server, paged, deleted for good after a confirmation. */
export function GeneratedAudios() {
  const [filters, setFilters] = useState(INITIAL_DASHBOARD_FILTERS);
  const speaker = useDebouncedValue(filters.speaker.trim());
  const { query, jobs, total } = useLibraryJobs(toServerFilters({ ...filters, speaker }));
  const [doomed, setDoomed] = useState<LibraryJob | null>(null);
  const remove = useDeleteJob();
  return (
    <Card>
      <CardHeader>
        <CardTitle data-testid="dash-audios-title">Generierte Audios ({total})</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <AudioFilters value={filters} onChange={setFilters} />
        {query.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : query.isError && jobs.length === 0 ? (
          <LoadErrorAlert title="Audios konnten nicht geladen werden" error={query.error} onRetry={() => void query.refetch()} />
        ) : jobs.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-10 text-center" data-testid="dash-empty">
            <FileAudio className="size-6 text-muted-foreground" aria-hidden="true" />
            <p className="text-sm text-muted-foreground">Keine Audios gefunden</p>
          </div>
        ) : (
          <ul className="-mx-4 divide-y divide-border border-t border-border sm:-mx-6" aria-label="Generierte Audios">
            {jobs.map((job) => (
              <AudioRow key={job.id} job={job} onDelete={setDoomed} />
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <Button variant="outline" className="self-center" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Mehr laden
          </Button>
        )}
      </CardContent>
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => !open && setDoomed(null)}
        title="Audio endgültig löschen?"
        description={doomed ? `„${truncate(doomed.text, 60)}“ wird mit seiner Datei endgültig gelöscht. Dies kann nicht rückgängig gemacht werden.` : ''}
        confirmLabel="Endgültig löschen"
        destructive
        loading={remove.isPending}
        onConfirm={() =>
          doomed &&
          remove.mutate(doomed.id, {
            onSuccess: () => (setDoomed(null), toast.success('Audio gelöscht')),
            onError: (e) => toast.error('Fehler beim Löschen', { description: errorMessage(e) }),
          })
        }
      />
    </Card>
  );
}
