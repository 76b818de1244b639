import { FileAudio } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { useNow } from '@/lib/expiry';
import { useKeepInView } from '@/lib/use-keep-in-view';
import { flattenJobs, useJobs } from '../api/get-jobs';
import type { Job } from '../api/types';
import { useJobActions, useRefreshBalanceOnFailure } from '../hooks/use-job-actions';
import { DeleteJobDialog } from './delete-job-dialog';
import { JobListHeader } from './job-list-header';
import { JobRow } from './job-row';
import { SaveJobDialog } from './save-job-dialog';

/**
 * "Meine Audios", newest first. `focusJobId` (a job just created) is scrolled into view
 * and receives the focus once its row is rendered; it stays in view while it grows.
 */
export function JobList({ focusJobId = null }: { focusJobId?: string | null }) {
  const jobsQuery = useJobs();
  const jobs = flattenJobs(jobsQuery.data);
  useRefreshBalanceOnFailure(jobs);
  const now = useNow();
  const [jobToSave, setJobToSave] = useState<Job | null>(null);
  const { jobToDelete, setJobToDelete, remove, cleanup } = useJobActions();
  const listRef = useRef<HTMLUListElement>(null);
  const focused = useRef<string | null>(null);
  const [focusedRow, setFocusedRow] = useState<HTMLElement | null>(null);
  useKeepInView(focusedRow);

  useEffect(() => {
    if (!focusJobId || focused.current === focusJobId) return;
    const row = listRef.current?.querySelector<HTMLElement>(`[data-job-id="${CSS.escape(focusJobId)}"]`);
    if (!row) return;
    focused.current = focusJobId;
    row.scrollIntoView?.({ block: 'center' });
    row.focus({ preventScroll: true });
    setFocusedRow(row);
  }, [focusJobId, jobsQuery.data]);

  const hasJobs = !!jobs && jobs.length > 0;
  return (
    <Card>
      <JobListHeader cleaning={cleanup.isPending} onCleanup={() => cleanup.mutate()} />
      {jobsQuery.isPending ? (
        <div className="flex items-center justify-center gap-2 px-6 pb-10 pt-6 text-sm text-muted-foreground">
          <Spinner label={null} /> Audios werden geladen...
        </div>
      ) : jobsQuery.isError && !hasJobs ? (
        <div className="px-5 pb-6 sm:px-6">
          <LoadErrorAlert title="Audios konnten nicht geladen werden" error={jobsQuery.error} onRetry={() => void jobsQuery.refetch()} />
        </div>
      ) : !hasJobs ? (
        <div className="flex flex-col items-center gap-3 px-6 pb-12 pt-6 text-center" data-testid="jobs-empty">
          <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <FileAudio className="size-5" aria-hidden="true" />
          </span>
          <p className="text-sm text-muted-foreground">Noch keine TTS-Jobs erstellt.</p>
        </div>
      ) : (
        <ul ref={listRef} className="divide-y divide-border border-t border-border" aria-label="Meine Audios" data-testid="job-list">
          {jobs.map((job) => (
            <JobRow
              key={job.id}
              job={job}
              onDelete={setJobToDelete}
              onSave={setJobToSave}
              now={now}
            />
          ))}
        </ul>
      )}
      {jobsQuery.hasNextPage && (
        <div className="flex justify-center border-t border-border p-4">
          <Button
            variant="outline"
            loading={jobsQuery.isFetchingNextPage}
            onClick={() => void jobsQuery.fetchNextPage()}
            data-testid="jobs-load-more"
          >
            Mehr laden
          </Button>
        </div>
      )}
      <SaveJobDialog job={jobToSave} onClose={() => setJobToSave(null)} />
      <DeleteJobDialog
        job={jobToDelete}
        deleting={remove.isPending}
        onCancel={() => !remove.isPending && setJobToDelete(null)}
        onConfirm={(job) => remove.mutate(job.id)}
      />
    </Card>
  );
}
