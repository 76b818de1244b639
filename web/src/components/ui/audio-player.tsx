import { ChevronDown, Pause, Play } from 'lucide-react';
import { useImperativeHandle, type Ref, type RefObject } from 'react';
import { cn } from '@/lib/cn';
import { formatClock } from '@/lib/format';
import { PLAYBACK_RATES, useAudioPlayer } from '@/lib/use-audio-player';
import { Button } from './button';
import { SeekBar } from './seek-bar';

const rateNumber = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** What a caller may do with a player it shows (a transcript: "Ab hier abspielen"). */
export type AudioPlayerControls = {
  /** Goes to `seconds` (kept until the audio is loaded). */
  seek: (seconds: number) => void;
  /** Plays from the current position unless it already plays. */
  play: () => Promise<void>;
};

export type AudioPlayerProps = {
  src?: string | null;
  /** The length the server measured: the total shows before anything is loaded. */
  knownDuration?: number | null;
  disabled?: boolean;
  /** What is playing, for screen readers (the group's name). */
  label?: string;
  /** Test ids: `<prefix>-audio`, `-play`, `-position`, `-time`, `-duration`, `-speed`. */
  testIdPrefix?: string;
  preload?: 'none' | 'metadata' | 'auto';
  autoPlay?: boolean;
  onEnded?: () => void;
  /** Every new position in seconds, while it plays and on a seek (a transcript follows it). */
  onTimeUpdate?: (seconds: number) => void;
  /** Receives `seek` and `play` for this player's one `<audio>` (null while none is shown). */
  controlRef?: Ref<AudioPlayerControls>;
  /** The element's ref, for a caller that sets the source itself (a Blob's object URL). */
  mediaRef?: RefObject<HTMLAudioElement | null>;
  className?: string;
};

/**
 * One audio player for every list and card: play/pause, the position as a slider, current
 * and total time, and the speed. Starting one pauses any other on the page. A new `src`
 * starts a fresh player (position and length belong to the old audio).
 */
export function AudioPlayer(props: AudioPlayerProps) {
  return <PlayerBody key={props.src ?? ''} {...props} />;
}

function PlayerBody({
  src,
  knownDuration,
  disabled = false,
  label = 'Audio',
  testIdPrefix = 'audio',
  preload = 'none',
  autoPlay,
  onEnded,
  onTimeUpdate,
  controlRef,
  mediaRef,
  className,
}: AudioPlayerProps) {
  const player = useAudioPlayer({ src, knownDuration, onEnded, onTimeUpdate, mediaRef });
  const off = disabled || (!src && !mediaRef);
  // The commands close over this render's state (length, source): handed out anew each render.
  useImperativeHandle(controlRef, () => ({
    seek: (seconds) => {
      if (!off) player.seek(seconds);
    },
    play: async () => {
      if (!off) await player.start();
    },
  }));
  const state = player.playing ? 'playing' : 'paused';
  return (
    <div role="group" aria-label={label} className={cn('flex min-w-0 items-center gap-1.5', className)} data-state={state}>
      {/* The spoken text is always shown next to the player (job text, demo text, transcript): it is the caption. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio {...player.audioProps} preload={preload} autoPlay={autoPlay} className="hidden" data-testid={`${testIdPrefix}-audio`} />
      <Button
        variant={player.playing ? 'primary' : 'outline'}
        size="icon"
        className="shrink-0"
        disabled={off}
        onClick={() => void player.toggle()}
        aria-label={player.playing ? 'Pause' : 'Abspielen'}
        title={player.playing ? 'Pause' : 'Abspielen'}
        data-state={state}
        data-testid={`${testIdPrefix}-play`}
      >
        {player.playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
      </Button>
      {/* The slider tells screen readers both times; these two are for the eye. */}
      <span aria-hidden="true" className="shrink-0 text-xs tabular-nums text-muted-foreground" data-testid={`${testIdPrefix}-time`}>
        {formatClock(player.time)}
      </span>
      <SeekBar value={player.time} max={player.duration} onSeek={player.seek} disabled={off} data-testid={`${testIdPrefix}-position`} />
      <span aria-hidden="true" className="shrink-0 text-xs tabular-nums text-muted-foreground" data-testid={`${testIdPrefix}-duration`}>
        {formatClock(player.duration)}
      </span>
      <RateSelect value={player.rate} onChange={player.setRate} disabled={off} data-testid={`${testIdPrefix}-speed`} />
    </div>
  );
}

type RateSelectProps = { value: number; onChange: (rate: number) => void; disabled: boolean; 'data-testid': string };

/**
 * The speed as a native select: a list has one per row, and the native control costs no
 * script per row and opens the system's own picker on a phone.
 */
function RateSelect({ value, onChange, disabled, ...rest }: RateSelectProps) {
  return (
    <span className="relative inline-flex shrink-0">
      <select
        value={String(value)}
        onChange={(event) => onChange(Number(event.target.value))}
        disabled={disabled}
        aria-label="Wiedergabegeschwindigkeit"
        title="Wiedergabegeschwindigkeit"
        className={cn(
          'h-8 cursor-pointer appearance-none rounded-lg border border-input bg-card py-0 pl-2 pr-6 text-xs font-medium tabular-nums text-foreground shadow-xs',
          'hover:bg-muted focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40',
          'disabled:cursor-not-allowed disabled:opacity-50',
        )}
        {...rest}
      >
        {PLAYBACK_RATES.map((rate) => (
          <option key={rate} value={String(rate)}>
            {rateNumber.format(rate)}×
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute right-1.5 top-1/2 size-3.5 -translate-y-1/2 text-muted-foreground" />
    </span>
  );
}
