import { SubtitleDownload } from '@/components/timed-text/subtitle-download';
import { Transcript } from '@/components/timed-text/transcript';
import { TranscriptSkeleton } from '@/components/timed-text/transcript-skeleton';
import { useReadAlong } from '@/components/timed-text/use-read-along';
import { AudioPlayer } from '@/components/ui/audio-player';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { isApiError } from '@/lib/api-client';
import { audioFileName } from '@/lib/filename';
import { useChapterTimestamps } from '../api/get-chapter-timestamps';
import type { ChapterAudio } from '../api/types';

/** `/api/projects/{id}/chapters/{chapterId}/subtitles`, without `format` (the download adds it). */
export function chapterSubtitlesUrl(projectId: string, chapterId: string): string {
  return `/api/projects/${encodeURIComponent(projectId)}/chapters/${encodeURIComponent(chapterId)}/subtitles`;
}

type ChapterPlayerProps = { projectId: string; chapterId: string; title: string; audio: ChapterAudio };

/**
 * The joined chapter audio: its player, the transcript that follows it (a sentence starts it
 * from there) and the subtitles as SRT or WebVTT.
 */
export function ChapterPlayer({ projectId, chapterId, title, audio }: ChapterPlayerProps) {
  const { time, onTimeUpdate, controlRef, playFrom } = useReadAlong();
  return (
    <section aria-labelledby={`listen-${chapterId}`} className="flex flex-col gap-3" data-testid="chapter-player">
      <h3 id={`listen-${chapterId}`} className="text-sm font-semibold">
        Anhören
      </h3>
      <AudioPlayer
        src={audio.url}
        knownDuration={audio.duration_seconds}
        label={`Kapitel: ${title}`}
        testIdPrefix="chapter"
        onTimeUpdate={onTimeUpdate}
        controlRef={controlRef}
      />
      <ChapterTranscript url={audio.timestamps_url} time={time} onSeek={playFrom} label={`Transkript: ${title}`} />
      <SubtitleDownload url={chapterSubtitlesUrl(projectId, chapterId)} audioFileName={audioFileName(title)} />
    </section>
  );
}

type ChapterTranscriptProps = { url: string; time: number; onSeek: (seconds: number) => void; label: string };

function ChapterTranscript({ url, time, onSeek, label }: ChapterTranscriptProps) {
  const query = useChapterTimestamps(url);
  if (query.isPending) return <TranscriptSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NoTimings />;
    return <LoadErrorAlert title="Transkript konnte nicht geladen werden" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.data.sentences.length === 0) return <NoTimings />;
  return <Transcript timedText={query.data} currentTime={time} onSeek={onSeek} label={label} />;
}

function NoTimings() {
  return (
    <p className="text-sm text-muted-foreground" data-testid="chapter-no-timings">
      Für dieses Kapitel gibt es keine Zeitmarken.
    </p>
  );
}
