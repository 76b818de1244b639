import { TriangleAlert } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { SubtitleDownload } from '@/components/timed-text/subtitle-download';
import { Transcript } from '@/components/timed-text/transcript';
import { TranscriptSkeleton } from '@/components/timed-text/transcript-skeleton';
import { useReadAlong } from '@/components/timed-text/use-read-along';
import { AudioPlayer } from '@/components/ui/audio-player';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { isApiError } from '@/lib/api-client';
import { audioFileName } from '@/lib/filename';
import type { TimedSentence } from '@/lib/timed-text';
import { useCharacters } from '../api/characters';
import { useChapterTimestamps } from '../api/get-chapter-timestamps';
import { useProject } from '../api/get-project';
import type { ChapterAudio, ChapterSummary } from '../api/types';
import { versionedUrl } from '../hooks/use-join-version';
import { changedSentences } from '../utils/heard-parts';
import { chapterAudioNote } from '../utils/project-rules';
import { useChapterListening } from './chapter-listen';

/** `/api/projects/{id}/chapters/{chapterId}/subtitles`, without `format` (the download adds it). */
export function chapterSubtitlesUrl(projectId: string, chapterId: string): string {
  return `/api/projects/${encodeURIComponent(projectId)}/chapters/${encodeURIComponent(chapterId)}/subtitles`;
}

/** Said after each sentence of a paragraph changed since the audio was joined. */
export const CHANGED_SENTENCE_LABEL = '(geändert)';

type ChapterPlayerProps = { projectId: string; chapter: ChapterSummary; audio: ChapterAudio };

/**
 * The chapter's last joined audio: its player, the transcript that follows it (a sentence
 * starts it from there; sentences of paragraphs changed since are marked) and the subtitles
 * as SRT or WebVTT. It stays while paragraphs change or render again, with a note saying so.
 */
export function ChapterPlayer(props: ChapterPlayerProps) {
  // A new join starts a fresh player and transcript (position and timings belong to the old audio).
  return <JoinedAudio key={useChapterListening().joinVersion} {...props} />;
}

function JoinedAudio({ projectId, chapter, audio }: ChapterPlayerProps) {
  const { title } = chapter;
  const { time, onTimeUpdate, controlRef, playFrom } = useReadAlong();
  const { joinVersion, playFromRef } = useChapterListening();
  // The paragraphs' "Ab hier abspielen" plays through this player while it is shown.
  useEffect(() => {
    playFromRef.current = playFrom;
    return () => {
      playFromRef.current = null;
    };
  }, [playFrom, playFromRef]);
  const note = chapterAudioNote(chapter);
  return (
    <section aria-labelledby={`listen-${chapter.id}`} className="flex flex-col gap-3" data-testid="chapter-player">
      <h3 id={`listen-${chapter.id}`} className="text-sm font-semibold">
        Anhören
      </h3>
      {note && (
        <p className="flex items-start gap-2 rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning" data-testid="chapter-audio-note">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {note}
        </p>
      )}
      <AudioPlayer
        src={versionedUrl(audio.url, joinVersion)}
        knownDuration={audio.duration_seconds}
        label={`Kapitel: ${title}`}
        testIdPrefix="chapter"
        onTimeUpdate={onTimeUpdate}
        controlRef={controlRef}
      />
      <ChapterTranscript
        projectId={projectId}
        chapter={chapter}
        url={audio.timestamps_url}
        version={joinVersion}
        time={time}
        onSeek={playFrom}
        label={`Transkript: ${title}`}
      />
      <SubtitleDownload url={chapterSubtitlesUrl(projectId, chapter.id)} audioFileName={audioFileName(title)} />
    </section>
  );
}

type ChapterTranscriptProps = {
  projectId: string;
  chapter: ChapterSummary;
  url: string;
  version: string;
  time: number;
  onSeek: (seconds: number) => void;
  label: string;
};

function ChapterTranscript({ projectId, chapter, url, version, time, onSeek, label }: ChapterTranscriptProps) {
  const query = useChapterTimestamps(url, version);
  const { parts } = useChapterListening();
  const sentences = query.data?.sentences;
  const changed = useMemo(() => (sentences ? changedSentences(sentences, [...parts.values()]) : null), [sentences, parts]);
  const speakers = useSpeakers(projectId, chapter, sentences);
  if (query.isPending) return <TranscriptSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NoTimings />;
    return <LoadErrorAlert title="Transkript konnte nicht geladen werden" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.data.sentences.length === 0) return <NoTimings />;
  return (
    <>
      <Transcript
        timedText={query.data}
        currentTime={time}
        onSeek={onSeek}
        label={label}
        changed={changed ?? undefined}
        changedLabel={CHANGED_SENTENCE_LABEL}
        speakers={speakers}
      />
      {changed && (
        <p className="flex items-center gap-2 text-xs text-muted-foreground" data-testid="transcript-changed-legend">
          <span className="inline-block size-3 rounded-sm bg-warning-soft ring-1 ring-warning/40" aria-hidden="true" />
          Hinterlegte Sätze gehören zu Absätzen, die seit der Vertonung geändert wurden.
        </p>
      )}
    </>
  );
}

/**
 * The character who speaks each sentence, by its voice: only a voice that exactly one
 * character has and that is not the narrator's (the chapter's, else the project's) names one.
 */
function useSpeakers(projectId: string, chapter: ChapterSummary, sentences: TimedSentence[] | undefined): (string | null)[] | undefined {
  const characters = useCharacters(projectId).data;
  const projectVoice = useProject(projectId).data?.voice_id;
  const narrator = chapter.voice_id ?? projectVoice ?? null;
  return useMemo(() => {
    if (!sentences || !characters?.length) return undefined;
    const names = new Map<string, string>();
    for (const character of characters) {
      if (!character.voice_id || character.voice_id === narrator) continue;
      const shared = characters.filter((c) => c.voice_id === character.voice_id).length > 1;
      if (!shared) names.set(character.voice_id, character.name);
    }
    return sentences.map((s) => (s.voice_id ? (names.get(s.voice_id) ?? null) : null));
  }, [sentences, characters, narrator]);
}

function NoTimings() {
  return (
    <p className="text-sm text-muted-foreground" data-testid="chapter-no-timings">
      Für dieses Kapitel gibt es keine Zeitmarken.
    </p>
  );
}
