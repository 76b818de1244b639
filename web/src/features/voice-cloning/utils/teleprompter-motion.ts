import { LEAD_IN_SECONDS } from './teleprompter-pace';

/** Where the line being read sits: a third down the box, so the next lines are in view below it. */
export const READING_LINE = 1 / 3;

/** What the motion needs to know of the box, measured anew each frame (text size and width may change). */
export type TeleprompterLayout = {
  /** Distance from the top of the scrolled content to the text (the box's padding). */
  textTop: number;
  textHeight: number;
  /** The visible height of the box. */
  viewport: number;
  /** How far the box can scroll. */
  maxScroll: number;
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Where a reader is in the text while it runs: a short lead-in, then the share of the text
 * read so far, growing at a pace in characters per second. The box scrolls so that this
 * point sits on the reading line; the first lines are read before anything moves, and the
 * last line ends on the reading line when the reading time is over. The position is kept as
 * a share of the text, not in pixels, so a change of text size or width keeps the place.
 */
export class TeleprompterMotion {
  private leadInLeft: number;
  /** 0 = at the start, 1 = the whole text read. */
  private progress = 0;

  constructor(leadInSeconds: number = LEAD_IN_SECONDS) {
    this.leadInLeft = leadInSeconds;
  }

  get inLeadIn(): boolean {
    return this.leadInLeft > 0;
  }

  get done(): boolean {
    return this.progress >= 1;
  }

  /** `seconds` of running time pass (paused time is not passed on): first the lead-in, then reading. */
  advance(seconds: number, charsPerSecond: number, chars: number): void {
    let left = Math.max(0, seconds);
    const leadIn = Math.min(this.leadInLeft, left);
    // Sums of frame times miss by a rounding error: a microsecond left is no lead-in.
    this.leadInLeft = this.leadInLeft - leadIn < 1e-6 ? 0 : this.leadInLeft - leadIn;
    left -= leadIn;
    if (left <= 0 || chars <= 0) return;
    this.progress = Math.min(1, this.progress + (charsPerSecond * left) / chars);
  }

  /** The scroll position that puts the point reached on the reading line. */
  scrollTop(layout: TeleprompterLayout): number {
    const reached = layout.textTop + this.progress * layout.textHeight;
    return clamp(reached - layout.viewport * READING_LINE, 0, layout.maxScroll);
  }

  /**
   * The reader scrolled by hand (back to read again, or ahead): go on from the line now on
   * the reading line. At the very top every point above the reading line looks the same,
   * so the place is only moved back there, never ahead.
   */
  follow(scrollTop: number, layout: TeleprompterLayout): void {
    if (layout.textHeight <= 0) return;
    const onLine = (scrollTop + layout.viewport * READING_LINE - layout.textTop) / layout.textHeight;
    this.progress = clamp(scrollTop <= 0 ? Math.min(this.progress, onLine) : onLine, 0, 1);
  }
}
