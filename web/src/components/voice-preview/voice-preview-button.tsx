import { Loader2, Play, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { apiBlob } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/errors';

export const voicePreviewPath = (voiceId: string) => `/api/voices/${encodeURIComponent(voiceId)}/preview`;

/** Each voice's preview is fetched once per page load, then played from memory. */
const loaded = new Map<string, Promise<string>>();

function previewUrl(voiceId: string): Promise<string> {
  let url = loaded.get(voiceId);
  if (!url) {
    url = apiBlob(voicePreviewPath(voiceId)).then((blob) => URL.createObjectURL(blob));
    // A failure is not kept: the next click asks again.
    url.catch(() => loaded.delete(voiceId));
    loaded.set(voiceId, url);
  }
  return url;
}

type State = 'idle' | 'loading' | 'playing';

/**
 * "Hörprobe": plays a short sentence in the voice (free; rendered once by the server).
 * Starting it stops whatever else plays (see `keepOnePlayerAtATime`); a second click stops it.
 */
export function VoicePreviewButton({ voiceId, voiceName, className }: { voiceId: string; voiceName: string; className?: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [state, setState] = useState<State>('idle');
  useEffect(() => () => audio.current?.pause(), []);

  async function toggle() {
    const element = audio.current;
    if (!element) return;
    if (state === 'playing') {
      element.pause();
      return;
    }
    setState('loading');
    try {
      const url = await previewUrl(voiceId);
      if (element.src !== url) element.src = url;
      element.currentTime = 0;
      await element.play();
    } catch (error) {
      setState('idle');
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast.error('Hörprobe nicht verfügbar', { id: 'voice-preview-error', description: errorMessage(error) });
    }
  }

  const label = state === 'playing' ? `Hörprobe von ${voiceName} stoppen` : `Hörprobe von ${voiceName} abspielen`;
  const Icon = state === 'loading' ? Loader2 : state === 'playing' ? Square : Play;
  return (
    <>
      <button
        type="button"
        onClick={() => void toggle()}
        aria-label={label}
        aria-pressed={state === 'playing'}
        title={label}
        className={cn(
          'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md border border-border bg-card px-2.5 text-xs font-medium text-foreground',
          'hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          className,
        )}
        data-testid="voice-preview"
        data-state={state}
      >
        <Icon className={cn('size-3.5', state === 'loading' && 'animate-spin')} aria-hidden="true" />
        <span>Hörprobe</span>
      </button>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a spoken sample of the voice, the button names it */}
      <audio
        ref={audio}
        preload="none"
        className="hidden"
        onPlay={() => setState('playing')}
        onPause={() => setState('idle')}
        onEnded={() => setState('idle')}
        data-testid="voice-preview-audio"
      />
    </>
  );
}
