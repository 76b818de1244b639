import { useQueryClient } from '@tanstack/react-query';
import { Eraser, FileAudio, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';
import { truncate } from '@/lib/format';
import { useCleanupJobs } from '../api/cleanup-jobs';
import { useDeleteJob } from '../api/delete-job';
import { useDownloadJobAudio } from '../api/download-job-audio';
import { useJobs } from '../api/get-jobs';
import type { Job } from '../api/types';
import { isActiveStatus } from '../utils/status';
import { JobRow } from './job-row';

const PLAYBACK_ERROR_TOAST = 'playback-error';

function showPlaybackError() {
  toast.error('Wiedergabefehler', { id: PLAYBACK_ERROR_TOAST, description: 'Audio konnte nicht abgespielt werden.' });
}

function cleanupMessage(count: number): string {
  if (count === 0) return 'Es wurden keine hängenden Jobs gefunden.';
  if (count === 1) return '1 hängender Job wurde bereinigt.';
  return `${count} hängende Jobs wurden bereinigt.`;
}

/** Refreshes the balance when a running job failed (the server refunds it). */
function useRefreshBalanceOnFailure(jobs: Job[] | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef(new Map<string, Job['status']>());
  useEffect(() => {
    if (!jobs) return;
    const before = previous.current;
    const refunded = jobs.some((job) => job.status === 'failed' && isActiveStatus(before.get(job.id) ?? 'completed'));
    previous.current = new Map(jobs.map((job) => [job.id, job.status]));
    if (refunded) void queryClient.invalidateQueries({ queryKey: authKeys.me() });
  }, [jobs, queryClient]);
}

export function JobList() {
  const jobsQuery = useJobs();
  const jobs = jobsQuery.data;
  useRefreshBalanceOnFailure(jobs);

  const audioRef = useRef<HTMLAudioElement>(null);
  const currentIdRef = useRef<string | null>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);
  const [jobToDelete, setJobToDelete] = useState<Job | null>(null);

  const stopIfCurrent = useCallback((jobId: string) => {
    const audio = audioRef.current;
    if (audio && currentIdRef.current === jobId) {
      audio.pause();
      audio.removeAttribute('src');
      currentIdRef.current = null;
      setPlayingId(null);
    }
  }, []);

  const deleteMutation = useDeleteJob({
    mutationConfig: {
      onSuccess: (_data, jobId) => {
        stopIfCurrent(jobId);
        setJobToDelete(null);
        toast.success('Audio gelöscht', { description: 'Das Audio wurde dauerhaft entfernt.' });
      },
      onError: (error) => {
        setJobToDelete(null);
        toast.error('Fehler beim Löschen', {
          description: isApiError(error) ? error.message : 'Das Audio konnte nicht gelöscht werden.',
        });
      },
    },
  });

  const downloadMutation = useDownloadJobAudio({
    mutationConfig: {
      retry: false,
      onError: () =>
        toast.error('Download fehlgeschlagen', { description: 'Die Audio-Datei konnte nicht heruntergeladen werden.' }),
    },
  });

  const cleanupMutation = useCleanupJobs({
    mutationConfig: {
      onSuccess: (data) => toast.success('Aufräumen abgeschlossen', { description: cleanupMessage(data.cleaned_jobs) }),
      onError: (error) =>
        toast.error('Fehler beim Aufräumen', {
          description: isApiError(error) ? error.message : 'Bitte versuchen Sie es später erneut.',
        }),
    },
  });

  const togglePlay = async (job: Job) => {
    const audio = audioRef.current;
    if (!audio || !job.audio_url) return;
    if (currentIdRef.current === job.id && !audio.paused) {
      audio.pause();
      return;
    }
    if (currentIdRef.current !== job.id) {
      audio.src = job.audio_url;
      currentIdRef.current = job.id;
    }
    try {
      await audio.play();
    } catch (error) {
      // A newer click replaced the source while this one was loading: not an error.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setPlayingId(null);
      showPlaybackError();
    }
  };

  const hasJobs = !!jobs && jobs.length > 0;

  return (
    <Card className="mt-6">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 sm:flex-row">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Meine Audios</CardTitle>
          <CardDescription>
            Ihre erzeugten Audios. Die Liste aktualisiert sich automatisch, solange Aufträge laufen.
          </CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          loading={cleanupMutation.isPending}
          onClick={() => cleanupMutation.mutate()}
          data-testid="jobs-cleanup"
        >
          {!cleanupMutation.isPending && <Eraser aria-hidden="true" />}
          Hängende Jobs bereinigen
        </Button>
      </CardHeader>

      <audio
        ref={audioRef}
        preload="none"
        className="hidden"
        data-testid="job-audio"
        onPlay={() => setPlayingId(currentIdRef.current)}
        onPause={() => setPlayingId(null)}
        onEnded={() => setPlayingId(null)}
        onError={() => {
          if (!currentIdRef.current) return;
          setPlayingId(null);
          showPlaybackError();
        }}
      />

      {jobsQuery.isPending ? (
        <div className="flex items-center justify-center gap-2 px-6 pb-10 pt-6 text-sm text-muted-foreground">
          <Spinner label={null} /> Audios werden geladen...
        </div>
      ) : jobsQuery.isError && !hasJobs ? (
        <div className="px-5 pb-6 sm:px-6">
          <Alert variant="error" title="Audios konnten nicht geladen werden">
            <p>{isApiError(jobsQuery.error) ? jobsQuery.error.message : 'Bitte versuchen Sie es erneut.'}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => jobsQuery.refetch()}>
              <RefreshCw aria-hidden="true" /> Erneut versuchen
            </Button>
          </Alert>
        </div>
      ) : !hasJobs ? (
        <div className="flex flex-col items-center gap-3 px-6 pb-12 pt-6 text-center" data-testid="jobs-empty">
          <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <FileAudio className="size-5" aria-hidden="true" />
          </span>
          <p className="text-sm text-muted-foreground">Noch keine TTS-Jobs erstellt.</p>
        </div>
      ) : (
        <ul className="divide-y divide-border border-t border-border" aria-label="Meine Audios" data-testid="job-list">
          {jobs.map((job) => (
            <JobRow
              key={job.id}
              job={job}
              playing={playingId === job.id}
              downloading={downloadMutation.isPending && downloadMutation.variables?.id === job.id}
              onTogglePlay={(j) => void togglePlay(j)}
              onDownload={(j) => downloadMutation.mutate(j)}
              onDelete={setJobToDelete}
            />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={jobToDelete !== null}
        onOpenChange={(open) => {
          if (!open && !deleteMutation.isPending) setJobToDelete(null);
        }}
        title="Audio endgültig löschen?"
        description={
          <>
            <span className="block">
              „{truncate(jobToDelete?.text ?? '', 60)}“ wird mit der Audio-Datei dauerhaft gelöscht. Dies kann nicht
              rückgängig gemacht werden.
            </span>
          </>
        }
        confirmLabel="Endgültig löschen"
        destructive
        loading={deleteMutation.isPending}
        onConfirm={() => jobToDelete && deleteMutation.mutate(jobToDelete.id)}
      />
    </Card>
  );
}
