import { describe, expect, it } from 'vitest';
import { TeleprompterMotion, type TeleprompterLayout } from './teleprompter-motion';
import { charsPerSecond, DEFAULT_CHARS_PER_SECOND, formatReadingTime, LEAD_IN_SECONDS, readableLength, readingSeconds } from './teleprompter-pace';
import { SCROLL_SPEED } from './wizard';

const TEXT_200 = 'a'.repeat(200);

describe('teleprompter pace', () => {
  it('reads 14 characters per second at the default speed', () => {
    expect(DEFAULT_CHARS_PER_SECOND).toBe(14);
    expect(charsPerSecond(SCROLL_SPEED.default)).toBe(14);
    expect(readingSeconds(TEXT_200, SCROLL_SPEED.default)).toBeCloseTo(200 / 14, 5);
  });

  it('doubles at 100 % and stays a reading pace at 10 %', () => {
    expect(charsPerSecond(100)).toBeCloseTo(28, 5);
    expect(charsPerSecond(10)).toBeCloseTo(8.04, 1);
    const paces = [10, 30, 50, 70, 100].map(charsPerSecond);
    expect(paces).toEqual([...paces].sort((a, b) => a - b));
  });

  it('counts a run of white space once', () => {
    expect(readableLength('  Guten\n\n  Tag  ')).toBe('Guten Tag'.length);
    expect(readableLength('Grüße 🙂')).toBe(7);
  });

  it('says the reading time in seconds, past a minute in five-second steps', () => {
    expect(formatReadingTime(200 / 14)).toBe('etwa 14 Sekunden');
    expect(formatReadingTime(0.8)).toBe('etwa 1 Sekunde');
    expect(formatReadingTime(59.4)).toBe('etwa 59 Sekunden');
    expect(formatReadingTime(63)).toBe('etwa 1:05 Minuten');
    expect(formatReadingTime(119)).toBe('etwa 2 Minuten');
    expect(formatReadingTime(0)).toBe('wenige Sekunden');
  });
});

/** A box 192 px high with 16 px padding over a text 300 px high, with room to scroll its end up. */
const layout: TeleprompterLayout = { textTop: 16, textHeight: 300, viewport: 192, maxScroll: 300 };
const readingLine = 192 / 3;

describe('teleprompter motion', () => {
  it('holds still during the lead-in', () => {
    const motion = new TeleprompterMotion();
    expect(LEAD_IN_SECONDS).toBe(2);
    motion.advance(1.9, 14, 200);
    expect(motion.inLeadIn).toBe(true);
    expect(motion.scrollTop({ ...layout, textTop: readingLine })).toBe(0);
    motion.advance(0.1, 14, 200);
    expect(motion.inLeadIn).toBe(false);
    expect(motion.scrollTop({ ...layout, textTop: readingLine })).toBe(0);
    motion.advance(1, 14, 200);
    expect(motion.scrollTop({ ...layout, textTop: readingLine })).toBeCloseTo((14 / 200) * 300, 5);
  });

  it('takes the reading time of 200 characters at 14 per second to reach the end', () => {
    const motion = new TeleprompterMotion(0);
    for (let t = 0; t < 14; t += 0.5) motion.advance(0.5, 14, 200);
    expect(motion.done).toBe(false);
    motion.advance(0.3, 14, 200);
    expect(motion.done).toBe(true);
    // The last line ends on the reading line.
    expect(motion.scrollTop(layout)).toBeCloseTo(16 + 300 - readingLine, 5);
  });

  it('reads the first lines before anything moves', () => {
    const motion = new TeleprompterMotion(0);
    // 2 s at 14/s = 28 of 200 characters = 42 px of 300: 16 + 42 is still above the reading line at 64.
    motion.advance(2, 14, 200);
    expect(motion.scrollTop(layout)).toBe(0);
    motion.advance(2, 14, 200);
    expect(motion.scrollTop(layout)).toBeGreaterThan(0);
  });

  it('goes on from where the reader scrolled to', () => {
    const motion = new TeleprompterMotion(0);
    motion.advance(10, 14, 200);
    const before = motion.scrollTop(layout);
    motion.follow(40, layout);
    expect(motion.scrollTop(layout)).toBeCloseTo(40, 5);
    motion.advance(1, 14, 200);
    expect(motion.scrollTop(layout)).toBeCloseTo(40 + (14 / 200) * 300, 5);
    expect(motion.scrollTop(layout)).toBeLessThan(before);
  });

  it('keeps the place when the text grows, and moves it back only at the very top', () => {
    const motion = new TeleprompterMotion(0);
    motion.advance(5, 14, 200);
    const share = (motion.scrollTop(layout) + readingLine - 16) / 300;
    const larger = { ...layout, textHeight: 600, maxScroll: 600 };
    expect((motion.scrollTop(larger) + readingLine - 16) / 600).toBeCloseTo(share, 5);

    const early = new TeleprompterMotion(0);
    early.advance(0.5, 14, 200);
    const top = early.scrollTop(layout);
    early.follow(0, layout);
    expect(early.scrollTop(layout)).toBe(top);
  });
});
