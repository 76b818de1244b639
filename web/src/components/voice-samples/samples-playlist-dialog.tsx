import { useQuery } from '@tanstack/react-query';
import { FileAudio, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { AudioPlayer } from '@/components/ui/audio-player';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api-client';
import type { ApiCloneSample } from '@/lib/api-types';
import { cn } from '@/lib/cn';
import { formatDateTime, formatDuration } from '@/lib/format';

const samplesUrl = (voiceId: string) => `/api/voice-clones/${encodeURIComponent(voiceId)}/samples`;

/** The recordings of a clone (owner or admin): the training texts, then the spoken consent. */
function useSamples(voiceId: string | null) {
  return useQuery({
    queryKey: ['voice-clones', 'samples', voiceId],
    queryFn: () => api.get<ApiCloneSample[]>(samplesUrl(voiceId ?? '')),
    enabled: voiceId !== null,
  });
}

function sampleLabel(sample: ApiCloneSample) {
  return sample.kind === 'consent' ? 'Einverständniserklärung' : `Trainingstext ${sample.step}`;
}

/**
 * Plays a clone's recordings one after the other ("Aufnahmen abspielen"); any entry can be
 * chosen. The consent statement is marked: it is the evidence that the speaker agreed.
 */
export function SamplesPlaylistDialog({ voiceId, voiceName, onClose }: { voiceId: string | null; voiceName: string; onClose: () => void }) {
  const samples = useSamples(voiceId);
  const [index, setIndex] = useState(0);
  const list = samples.data ?? [];
  const current = list[index];
  return (
    <Dialog
      open={voiceId !== null}
      onOpenChange={(open) => {
        if (!open) {
          setIndex(0);
          onClose();
        }
      }}
      title={`Aufnahmen: ${voiceName}`}
      description="Die Aufnahmen werden nacheinander abgespielt."
      className="max-w-lg"
    >
      {samples.isPending && <Spinner label="Aufnahmen werden geladen…" />}
      {samples.isError && <p className="text-sm text-destructive">Fehler beim Laden: {samples.error.message}</p>}
      {samples.isSuccess && list.length === 0 && <p className="text-sm text-muted-foreground">Zu dieser Stimme gibt es keine Aufnahmen.</p>}
      {current && voiceId && (
        <div className="flex flex-col gap-4">
          {/* Each recording gets a fresh player (its source differs): 0:00 and that recording's length. */}
          <AudioPlayer
            src={`${samplesUrl(voiceId)}/${encodeURIComponent(current.id)}/audio`}
            knownDuration={current.duration_seconds}
            autoPlay
            onEnded={() => setIndex((i) => (i + 1 < list.length ? i + 1 : i))}
            label={sampleLabel(current)}
            testIdPrefix="sample"
          />
          {current.transcript && (
            <blockquote className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="sample-transcript">
              {current.transcript}
            </blockquote>
          )}
          <ol className="flex flex-col gap-1" aria-label="Aufnahmen">
            {list.map((sample, i) => (
              <li key={sample.id}>
                <button
                  type="button"
                  onClick={() => setIndex(i)}
                  aria-current={i === index ? 'true' : undefined}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm hover:bg-muted',
                    i === index && 'bg-primary-soft text-accent-foreground',
                  )}
                  data-testid="sample-entry"
                  data-kind={sample.kind}
                >
                  {sample.kind === 'consent' ? <ShieldCheck className="size-4 shrink-0" aria-hidden="true" /> : <FileAudio className="size-4 shrink-0" aria-hidden="true" />}
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{sampleLabel(sample)}</span>
                    <span className="block text-xs text-muted-foreground">
                      {formatDuration(sample.duration_seconds)} · {formatDateTime(sample.created_at)}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </div>
      )}
    </Dialog>
  );
}
