import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STEER_QUIET_MS } from '../hooks/use-teleprompter-scroll';
import { Teleprompter } from './teleprompter';

// 200 characters read at 14 per second: 14.3 s. jsdom has no layout, so the box gets one:
// 192 px high, the text 16 px down and 400 px high, room to scroll its end to the reading line.
const TEXT = 'Wort '.repeat(39) + 'Ende.';
const LAYOUT = { textTop: 16, textHeight: 400, viewport: 192 };
const READING_LINE = LAYOUT.viewport / 3;
/** The scroll position once `seconds` of the text were read (the first lines are read before it moves). */
const expectedAt = (seconds: number) =>
  Math.max(0, LAYOUT.textTop + Math.min(1, (seconds * 14) / 200) * LAYOUT.textHeight - READING_LINE);

function box() {
  return screen.getByTestId('teleprompter');
}

function giveLayout() {
  const el = box();
  const text = screen.getByTestId('teleprompter-text');
  Object.defineProperty(text, 'offsetTop', { configurable: true, value: LAYOUT.textTop });
  Object.defineProperty(text, 'offsetHeight', { configurable: true, value: LAYOUT.textHeight });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: LAYOUT.viewport });
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: LAYOUT.textTop + LAYOUT.textHeight + 176 });
}

function show(props: Partial<Parameters<typeof Teleprompter>[0]> = {}) {
  const all = { text: TEXT, textSize: 16, scrollSpeed: 50, running: false, ...props };
  const view = render(<Teleprompter {...all} />);
  giveLayout();
  return { ...view, update: (next: Partial<typeof all>) => view.rerender(<Teleprompter {...all} {...next} />) };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'setTimeout', 'clearTimeout'] });
});
afterEach(() => vi.useRealTimers());

describe('Teleprompter', () => {
  it('waits 2 s with "Gleich geht’s los…", then scrolls through 200 characters in about 14 s', () => {
    expect(TEXT).toHaveLength(200);
    const { update } = show();
    update({ running: true });
    wait(100);
    expect(screen.getByTestId('teleprompter-notice')).toHaveTextContent('Gleich geht’s los…');
    wait(1_850);
    expect(box().scrollTop).toBe(0);
    expect(box()).toHaveAttribute('data-lead-in', 'true');
    wait(100);
    expect(screen.queryByTestId('teleprompter-notice')).not.toBeInTheDocument();

    // 5 s into the recording (3 s read): the first line is still in view.
    wait(3_000 - 50);
    expect(box().scrollTop).toBeLessThan(LAYOUT.textTop + 20);
    expect(box().scrollTop).toBeCloseTo(expectedAt(3), -1);

    // Not at the end a second before the reading time is over, at the end right after it.
    wait(10_000);
    expect(box().scrollTop).toBeCloseTo(expectedAt(13), -1);
    expect(box().scrollTop).toBeLessThan(expectedAt(14.3) - 10);
    wait(1_400);
    expect(box().scrollTop).toBeCloseTo(expectedAt(14.3), 0);
    wait(5_000);
    expect(box().scrollTop).toBeCloseTo(LAYOUT.textTop + LAYOUT.textHeight - READING_LINE, 0);
  });

  it('scrolls twice as fast at 100 %', () => {
    const { update } = show({ scrollSpeed: 100 });
    update({ running: true });
    wait(2_000 + 5_000);
    expect(box().scrollTop).toBeCloseTo(expectedAt(10), -1);
  });

  it('holds still while paused and goes on from the same place', () => {
    const { update } = show();
    update({ running: true });
    wait(2_000 + 6_000);
    const at = box().scrollTop;
    expect(at).toBeGreaterThan(0);
    update({ running: true, paused: true });
    expect(screen.getByTestId('teleprompter-notice')).toHaveTextContent('Angehalten');
    wait(5_000);
    expect(box().scrollTop).toBe(at);
    update({ running: true, paused: false });
    wait(1_000);
    expect(box().scrollTop).toBeCloseTo(expectedAt(7), -1);
  });

  it('waits out a pause during the lead-in too', () => {
    const { update } = show();
    update({ running: true });
    wait(1_000);
    update({ running: true, paused: true });
    wait(10_000);
    update({ running: true, paused: false });
    wait(900);
    expect(screen.getByTestId('teleprompter-notice')).toHaveTextContent('Gleich geht’s los…');
    expect(box().scrollTop).toBe(0);
  });

  it('keeps a scroll back by hand and goes on from there', () => {
    const { update } = show();
    update({ running: true });
    wait(2_000 + 10_000);
    const reached = box().scrollTop;
    expect(reached).toBeGreaterThan(100);

    // The reader turns the wheel back to re-read.
    fireEvent.wheel(box());
    box().scrollTop = 40;
    fireEvent.scroll(box());
    wait(STEER_QUIET_MS - 100);
    expect(box().scrollTop).toBe(40);
    // Then it goes on from there at the reading pace, well behind where it was.
    wait(100 + 1_000);
    expect(box().scrollTop).toBeGreaterThan(40);
    expect(box().scrollTop).toBeLessThan(40 + 2 * (14 / 200) * LAYOUT.textHeight);
    expect(box().scrollTop).toBeLessThan(reached);
  });

  it('takes over a position scrolled to with the keyboard or while paused', () => {
    const { update } = show();
    update({ running: true });
    wait(2_000 + 10_000);
    update({ running: true, paused: true });
    box().scrollTop = 30;
    fireEvent.scroll(box());
    wait(3_000);
    update({ running: true, paused: false });
    wait(STEER_QUIET_MS + 100);
    expect(box().scrollTop).toBeGreaterThanOrEqual(30);
    expect(box().scrollTop).toBeLessThan(60);

    fireEvent.keyDown(box(), { key: 'End' });
    box().scrollTop = 300;
    fireEvent.scroll(box());
    wait(STEER_QUIET_MS / 2);
    expect(box().scrollTop).toBe(300);
  });

  it('starts at the top again after a stop', () => {
    const { update } = show();
    update({ running: true });
    wait(2_000 + 8_000);
    expect(box().scrollTop).toBeGreaterThan(0);
    update({ running: false });
    expect(box().scrollTop).toBe(0);
    expect(box()).not.toHaveAttribute('data-running');
  });
});
