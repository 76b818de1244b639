import { memo, useCallback, useId, useLayoutEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { activeIndex, wordSegments, type TimedSentence, type TimedText } from '@/lib/timed-text';
import { useFollowActive } from './use-follow-active';

/** What every sentence does, said once and referenced by each (its name is its own text). */
export const SENTENCE_HINT = 'Ab hier abspielen';

export type TranscriptProps = {
  timedText: TimedText;
  /** The player's position in seconds. */
  currentTime: number;
  /** A sentence was chosen: go to `seconds` (its start) and play. */
  onSeek: (seconds: number) => void;
  /** The scroll region's name for screen readers. */
  label?: string;
  /**
   * Sentences whose text changed since this audio was made (by index): shown with a soft
   * amber background and, for screen readers, `changedLabel` after their text.
   */
  changed?: readonly boolean[];
  changedLabel?: string;
  /** Who speaks each sentence (by index) where the text has several voices; null: the narrator, unnamed. */
  speakers?: readonly (string | null)[];
  className?: string;
};

/**
 * The text of an audio as one paragraph to read along: the sentence being spoken is
 * highlighted (and its word underlined where the engine told words), and the box scrolls
 * with it. Each sentence starts playback from its beginning. Independent of where the
 * timings come from (a job's audio, a project's chapter).
 *
 * A position update (4× a second) re-renders this component only; the sentences are
 * memoised and re-render when the spoken sentence or word changes.
 */
export function Transcript({ timedText, currentTime, onSeek, label = 'Transkript', changed, changedLabel = '(geändert)', speakers, className }: TranscriptProps) {
  const { sentences, word_level: wordLevel, precision } = timedText;
  const ms = currentTime * 1000;
  const active = activeIndex(sentences, ms);
  const words = wordLevel && active >= 0 ? (sentences[active].words ?? []) : [];
  const word = words.length > 0 ? activeIndex(words, ms) : -1;
  const box = useRef<HTMLDivElement>(null);
  useFollowActive(box, active);
  // The caller's callback may be new each render: the sentences get one that never changes.
  const latestSeek = useRef(onSeek);
  useLayoutEffect(() => {
    latestSeek.current = onSeek;
  });
  const seek = useCallback((seconds: number) => latestSeek.current(seconds), []);
  const hint = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div
        ref={box}
        role="region"
        aria-label={label}
        className="max-h-64 overflow-auto overscroll-contain rounded-lg border border-border bg-card px-3 py-2"
        data-testid="transcript"
      >
        <span id={hint} hidden>
          {SENTENCE_HINT}
        </span>
        <SentenceFlow sentences={sentences} active={active} word={word} onSeek={seek} hint={hint} changed={changed} changedLabel={changedLabel} speakers={speakers} />
      </div>
      {precision === 'estimated' && (
        <p className="text-xs text-muted-foreground" data-testid="transcript-estimated">
          Satzzeiten geschätzt
        </p>
      )}
    </div>
  );
}

type SentenceFlowProps = {
  sentences: TimedSentence[];
  active: number;
  /** The spoken word of the active sentence, or -1. */
  word: number;
  onSeek: (seconds: number) => void;
  /** The id of the hint every sentence is described by. */
  hint: string;
  changed?: readonly boolean[];
  changedLabel: string;
  speakers?: readonly (string | null)[];
};

/**
 * The sentences as inline text. One of them is in the tab order (the spoken one, else
 * the first): thousands of tab stops would trap a keyboard user in the transcript. The
 * arrow keys, Home and End move between sentences.
 */
const SentenceFlow = memo(function SentenceFlow({ sentences, active, word, onSeek, hint, changed, changedLabel, speakers }: SentenceFlowProps) {
  const paragraph = useRef<HTMLParagraphElement>(null);
  const play = useCallback((index: number) => onSeek(sentences[index].start_ms / 1000), [onSeek, sentences]);
  const move = useCallback(
    (event: KeyboardEvent<HTMLElement>, index: number) => {
      const to = targetIndex(event.key, index, sentences.length);
      if (to === null) return;
      event.preventDefault();
      paragraph.current?.querySelector<HTMLElement>(`[data-sentence="${to}"]`)?.focus();
    },
    [sentences.length],
  );
  const tabStop = active >= 0 ? active : 0;
  return (
    <p ref={paragraph} className="text-sm leading-7 text-foreground">
      {sentences.map((sentence, index) => (
        <Sentence
          key={index}
          sentence={sentence}
          index={index}
          active={index === active}
          word={index === active ? word : -1}
          tabStop={index === tabStop}
          onPlay={play}
          onMove={move}
          hint={hint}
          changedLabel={changed?.[index] ? changedLabel : null}
          speaker={speakers?.[index] ?? null}
        />
      ))}
    </p>
  );
});

/** The sentence an arrow, Home or End key goes to, or null for any other key. */
function targetIndex(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight' || key === 'ArrowDown') return Math.min(count - 1, index + 1);
  if (key === 'ArrowLeft' || key === 'ArrowUp') return Math.max(0, index - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

type SentenceProps = {
  sentence: TimedSentence;
  index: number;
  active: boolean;
  word: number;
  tabStop: boolean;
  onPlay: (index: number) => void;
  onMove: (event: KeyboardEvent<HTMLElement>, index: number) => void;
  hint: string;
  /** Said after a changed sentence's text; null for one as it is. */
  changedLabel: string | null;
  /** Shown before the sentence: the character who speaks it; null for the narrator. */
  speaker: string | null;
};

/**
 * One sentence, a button in the text. A `<span role="button">` rather than a `<button>`:
 * a button is laid out as one box (inline-block, whatever its display), so every longer
 * sentence would jump to a line of its own instead of running on in the paragraph.
 * It therefore does by hand what a button does: focus, Enter and Space.
 */
const Sentence = memo(function Sentence({ sentence, index, active, word, tabStop, onPlay, onMove, hint, changedLabel, speaker }: SentenceProps) {
  const segments = useMemo(() => (active && sentence.words?.length ? wordSegments(sentence) : null), [active, sentence]);
  const keyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      // Space would scroll the box, Enter would submit a surrounding form.
      event.preventDefault();
      onPlay(index);
      return;
    }
    onMove(event, index);
  };
  return (
    <>
      <span
        role="button"
        tabIndex={tabStop ? 0 : -1}
        aria-describedby={hint}
        aria-current={active ? 'true' : undefined}
        data-sentence={index}
        data-active={active ? 'true' : undefined}
        data-changed={changedLabel ? 'true' : undefined}
        data-testid="transcript-sentence"
        onClick={() => onPlay(index)}
        onKeyDown={keyDown}
        className={cn(
          'cursor-pointer rounded-sm px-0.5 py-0.5 box-decoration-clone transition-colors motion-reduce:transition-none',
          active ? 'bg-primary/15 text-foreground hover:bg-primary/20' : changedLabel ? 'bg-warning-soft hover:bg-muted' : 'hover:bg-muted',
        )}
      >
        {speaker && (
          <span className="mr-1 text-xs font-semibold text-accent-foreground" data-testid="transcript-speaker">
            {speaker}:
          </span>
        )}
        {segments
          ? segments.map((segment, i) =>
              segment.word === null ? (
                segment.text
              ) : (
                <span
                  key={i}
                  className={segment.word === word ? 'underline decoration-primary decoration-2 underline-offset-4' : undefined}
                  data-current-word={segment.word === word || undefined}
                >
                  {segment.text}
                </span>
              ),
            )
          : sentence.text}
        {changedLabel && <span className="sr-only"> {changedLabel}</span>}
      </span>{' '}
    </>
  );
});
