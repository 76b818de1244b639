import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TimedText } from '@/lib/timed-text';
import { Transcript } from './transcript';

const LONG = 'Der zweite Satz ist deutlich länger als vierzig Zeichen und wird im Namen gekürzt.';

function timedText(overrides: Partial<TimedText> = {}): TimedText {
  return {
    precision: 'measured',
    word_level: false,
    sentences: [
      { text: 'Guten Tag.', start_ms: 200, end_ms: 1000 },
      { text: LONG, start_ms: 1200, end_ms: 2500 },
      { text: 'Ende.', start_ms: 2600, end_ms: 4000 },
    ],
    ...overrides,
  };
}

const withWords = timedText({
  word_level: true,
  sentences: [
    { text: 'Guten Tag.', start_ms: 0, end_ms: 1000, words: [
      { text: 'Guten', start_ms: 0, end_ms: 500 },
      { text: 'Tag', start_ms: 500, end_ms: 1000 },
    ] },
    { text: 'Wie geht es?', start_ms: 1000, end_ms: 2000, words: [
      { text: 'Wie', start_ms: 1000, end_ms: 1300 },
      { text: 'geht', start_ms: 1300, end_ms: 1600 },
      { text: 'es', start_ms: 1600, end_ms: 2000 },
    ] },
  ],
});

const sentences = () => screen.getAllByRole('button', { description: 'Ab hier abspielen' });
const current = () => sentences().filter((s) => s.getAttribute('aria-current') === 'true');

function renderAt(seconds: number, text = timedText()) {
  const onSeek = vi.fn();
  const result = render(<Transcript timedText={text} currentTime={seconds} onSeek={onSeek} />);
  const at = (next: number) => result.rerender(<Transcript timedText={text} currentTime={next} onSeek={onSeek} />);
  return { ...result, onSeek, at, user: userEvent.setup() };
}

describe('Transcript', () => {
  it('highlights the sentence being spoken, keeps it through the pause after it, and none before or past the end', () => {
    const { at } = renderAt(0.1);
    expect(current()).toEqual([]);
    at(0.5);
    expect(current()).toEqual([sentences()[0]]);
    // Between two sentences: the one just spoken stays marked.
    at(1.1);
    expect(current()).toEqual([sentences()[0]]);
    at(1.2);
    expect(current()).toEqual([sentences()[1]]);
    at(3.99);
    expect(current()).toEqual([sentences()[2]]);
    at(4.5);
    expect(current()).toEqual([]);
  });

  it('marks the spoken sentence for the browser test too (data-active), and only it', () => {
    renderAt(1.3);
    const marked = screen.getAllByTestId('transcript-sentence').map((s) => s.getAttribute('data-active'));
    expect(marked).toEqual([null, 'true', null]);
  });

  it('names each sentence by its whole visible text and says once what a click does', () => {
    renderAt(0);
    expect(sentences().map((s) => s.textContent)).toEqual(['Guten Tag.', LONG, 'Ende.']);
    expect(screen.getByRole('button', { name: 'Guten Tag.' })).toHaveAccessibleDescription('Ab hier abspielen');
    expect(screen.getByRole('region', { name: 'Transkript' })).toHaveTextContent(`Guten Tag. ${LONG} Ende.`);
  });

  it('underlines the spoken word inside the spoken sentence when the timings have words', () => {
    const { at } = renderAt(1.4, withWords);
    const marked = () => screen.getByRole('region').querySelectorAll('[data-current-word]');
    expect(marked()).toHaveLength(1);
    expect(marked()[0]).toHaveTextContent('geht');
    expect(marked()[0]).toHaveClass('underline');
    expect(current()[0]).toContainElement(marked()[0] as HTMLElement);
    at(0.7);
    expect(marked()).toHaveLength(1);
    expect(marked()[0]).toHaveTextContent('Tag');
  });

  it('underlines no word when the timings have none', () => {
    renderAt(1.4, timedText());
    expect(screen.getByRole('region').querySelectorAll('[data-current-word], .underline')).toHaveLength(0);
  });

  it('starts playback at the clicked sentence’s beginning', async () => {
    const { user, onSeek } = renderAt(0);
    await user.click(sentences()[1]);
    expect(onSeek).toHaveBeenCalledExactlyOnceWith(1.2);
  });

  it('starts playback with Enter and Space, and moves between sentences with the arrow keys', async () => {
    const { user, onSeek } = renderAt(0);
    await user.tab();
    expect(sentences()[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSeek).toHaveBeenLastCalledWith(0.2);
    await user.keyboard('{ArrowRight}');
    expect(sentences()[1]).toHaveFocus();
    await user.keyboard(' ');
    expect(onSeek).toHaveBeenLastCalledWith(1.2);
    await user.keyboard('{End}');
    expect(sentences()[2]).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Home}');
    expect(sentences()[0]).toHaveFocus();
    expect(onSeek).toHaveBeenCalledTimes(2);
  });

  it('is one tab stop however long: the spoken sentence, else the first', () => {
    const { at } = renderAt(0);
    expect(sentences().map((s) => s.tabIndex)).toEqual([0, -1, -1]);
    at(2.7);
    expect(sentences().map((s) => s.tabIndex)).toEqual([-1, -1, 0]);
  });

  it('says when the sentence times are estimated, and only then', () => {
    const { rerender } = render(<Transcript timedText={timedText({ precision: 'estimated' })} currentTime={0} onSeek={() => undefined} />);
    expect(screen.getByText('Satzzeiten geschätzt')).toBeInTheDocument();
    rerender(<Transcript timedText={timedText()} currentTime={0} onSeek={() => undefined} />);
    expect(screen.queryByText('Satzzeiten geschätzt')).not.toBeInTheDocument();
  });

  it('follows the spoken sentence by scrolling its own box, never the page: a jump on opening, smooth unless reduced motion is asked', () => {
    // jsdom has no element scrolling: the box gets one to watch.
    const scrollTo = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, writable: true, value: scrollTo });
    try {
      expectFollowing(scrollTo);
    } finally {
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
    }
  });

  it('marks sentences whose text changed since the audio was made, and says so to screen readers', () => {
    render(<Transcript timedText={timedText()} currentTime={0} onSeek={vi.fn()} changed={[false, true, false]} changedLabel="(geändert)" />);
    const [first, second, third] = sentences();
    expect(second).toHaveAttribute('data-changed', 'true');
    expect(second).toHaveAccessibleName(`${LONG} (geändert)`);
    expect(first).not.toHaveAttribute('data-changed');
    expect(third).toHaveAccessibleName('Ende.');
  });
});

function expectFollowing(scrollTo: ReturnType<typeof vi.fn>) {
  const intoView = vi.spyOn(Element.prototype, 'scrollIntoView');
  const pageScroll = vi.spyOn(window, 'scrollTo');
  const { at } = renderAt(0.5);
  const box = screen.getByRole('region', { name: 'Transkript' });
  // On opening it jumped to the spoken sentence (jsdom lays nothing out: all at 0).
  expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 0, behavior: 'auto' });
  scrollTo.mockClear();
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: 120 });
  vi.spyOn(box, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 100, width: 300, height: 120 }));
  vi.spyOn(sentences()[1], 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 150, width: 300, height: 20 }));
  // The third sentence lies below the visible part of the box.
  vi.spyOn(sentences()[2], 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 400, width: 300, height: 20 }));
  at(1.3);
  // Visible already: nothing moves.
  expect(scrollTo).not.toHaveBeenCalled();
  at(2.7);
  // A third of the box above it: 0 + (400 - 100) - 120 / 3.
  expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 260, behavior: 'smooth' });
  expect(scrollTo.mock.contexts[0]).toBe(box);
  expect(intoView).not.toHaveBeenCalled();
  expect(pageScroll).not.toHaveBeenCalled();

  vi.spyOn(window, 'matchMedia').mockReturnValue({ matches: true } as MediaQueryList);
  at(1.3);
  at(2.7);
  expect(scrollTo).toHaveBeenLastCalledWith({ top: 260, behavior: 'auto' });
}
