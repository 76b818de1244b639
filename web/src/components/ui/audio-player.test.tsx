import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/test-utils';
import { AudioPlayer, type AudioPlayerControls } from './audio-player';

// jsdom has no PointerEvent: a MouseEvent with a pointer id carries clientX to the handlers.
beforeAll(() => {
  if (typeof window.PointerEvent === 'function') return;
  class PointerEventShim extends MouseEvent {
    pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
    }
  }
  window.PointerEvent = PointerEventShim as unknown as typeof PointerEvent;
});

const audioOf = (prefix: string) => screen.getByTestId(`${prefix}-audio`) as HTMLAudioElement;
const sliderOf = (prefix: string) => screen.getByTestId(`${prefix}-position`);

/**
 * What a browser reports once the metadata is there: its length, and where it can seek
 * (everywhere, or, for a stream without range requests, nowhere but 0:00).
 */
function loadMetadata(audio: HTMLAudioElement, duration: number, seekableEnd = duration) {
  Object.defineProperty(audio, 'readyState', { configurable: true, value: 1 });
  Object.defineProperty(audio, 'duration', { configurable: true, value: duration });
  const end = Number.isFinite(seekableEnd) ? seekableEnd : 0;
  Object.defineProperty(audio, 'seekable', { configurable: true, value: { length: 1, start: () => 0, end: () => end } });
  fireEvent.loadedMetadata(audio);
}

/** play() and pause() fire their events, as in a browser. */
function mediaEvents() {
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
  return { play, pause };
}

describe('AudioPlayer', () => {
  it('shows the known length before anything is loaded, then the media’s own', () => {
    renderWithProviders(<AudioPlayer src="/a.mp3" knownDuration={270} testIdPrefix="a" />);
    expect(audioOf('a')).toHaveAttribute('preload', 'none');
    expect(screen.getByTestId('a-time')).toHaveTextContent('0:00');
    expect(screen.getByTestId('a-duration')).toHaveTextContent('4:30');
    const slider = sliderOf('a');
    expect(slider).toHaveAttribute('role', 'slider');
    expect(slider).toHaveAccessibleName('Position');
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '270');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    expect(slider).toHaveAttribute('aria-valuetext', '0:00 von 4:30');

    loadMetadata(audioOf('a'), 272.6);
    expect(screen.getByTestId('a-duration')).toHaveTextContent('4:32');
    expect(slider).toHaveAttribute('aria-valuetext', '0:00 von 4:32');
  });

  it('keeps the known length while the media says Infinity (a recording’s WebM)', () => {
    renderWithProviders(<AudioPlayer src="blob:x" knownDuration={12.5} testIdPrefix="a" />);
    loadMetadata(audioOf('a'), Number.POSITIVE_INFINITY);
    expect(screen.getByTestId('a-duration')).toHaveTextContent('0:12');
  });

  it('seeks with the keys: arrows 5 s, page keys 30 s, Home and End', async () => {
    const { user } = renderWithProviders(<AudioPlayer src="/a.mp3" knownDuration={270} testIdPrefix="a" />);
    const audio = audioOf('a');
    loadMetadata(audio, 270);
    const slider = sliderOf('a');
    slider.focus();
    const expectAt = (seconds: number, text: string) => {
      expect(audio.currentTime).toBe(seconds);
      expect(slider).toHaveAttribute('aria-valuenow', String(seconds));
      expect(slider).toHaveAttribute('aria-valuetext', `${text} von 4:30`);
      expect(screen.getByTestId('a-time')).toHaveTextContent(text);
    };
    await user.keyboard('{ArrowRight}');
    expectAt(5, '0:05');
    await user.keyboard('{PageUp}');
    expectAt(35, '0:35');
    await user.keyboard('{ArrowLeft}{ArrowDown}');
    expectAt(25, '0:25');
    await user.keyboard('{PageDown}');
    expectAt(0, '0:00');
    await user.keyboard('{End}');
    expectAt(270, '4:30');
    await user.keyboard('{ArrowUp}');
    expectAt(270, '4:30');
    await user.keyboard('{Home}');
    expectAt(0, '0:00');
  });

  it('keeps a seek made before loading and applies it once the metadata is there', async () => {
    const { user } = renderWithProviders(<AudioPlayer src="/a.mp3" knownDuration={60} testIdPrefix="a" />);
    const audio = audioOf('a');
    sliderOf('a').focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByTestId('a-time')).toHaveTextContent('0:10');
    expect(audio.currentTime).toBe(0);
    loadMetadata(audio, 60);
    expect(audio.currentTime).toBe(10);
  });

  it('fetches the whole file once when the stream cannot seek, then goes there and plays on', async () => {
    const { play } = mediaEvents();
    const file = new Blob(['mp3'], { type: 'audio/mpeg' });
    const blob = vi.spyOn(api, 'blob').mockResolvedValue(file);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:whole');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { user, unmount } = renderWithProviders(<AudioPlayer src="/api/jobs/j/audio" knownDuration={60} testIdPrefix="a" />);
    await user.click(screen.getByTestId('a-play'));
    const stream = audioOf('a');
    loadMetadata(stream, 60, 0);
    sliderOf('a').focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByTestId('a-time')).toHaveTextContent('0:15');
    await waitFor(() => expect(audioOf('a')).toHaveAttribute('src', 'blob:whole'));
    expect(blob).toHaveBeenCalledTimes(1);
    expect(blob).toHaveBeenCalledWith('/api/jobs/j/audio');
    expect(play).toHaveBeenCalledTimes(1);
    loadMetadata(audioOf('a'), 60);
    expect(audioOf('a').currentTime).toBe(15);
    await waitFor(() => expect(play).toHaveBeenCalledTimes(2));
    expect(screen.getByTestId('a-play')).toHaveAccessibleName('Pause');
    unmount();
    expect(revoke).toHaveBeenCalledWith('blob:whole');
  });

  it('seeks to where the bar is pressed (mouse, pen or touch)', () => {
    renderWithProviders(<AudioPlayer src="/a.mp3" knownDuration={200} testIdPrefix="a" />);
    const audio = audioOf('a');
    loadMetadata(audio, 200);
    const slider = sliderOf('a');
    const track = slider.firstElementChild as HTMLElement;
    vi.spyOn(track, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 10, y: 0, width: 100, height: 6 }));
    fireEvent.pointerDown(slider, { clientX: 35, button: 0, pointerId: 1 });
    expect(audio.currentTime).toBe(50);
    expect(slider).toHaveAttribute('aria-valuetext', '0:50 von 3:20');
    // A drag past the end stops at the end.
    vi.spyOn(slider, 'hasPointerCapture').mockReturnValue(true);
    fireEvent.pointerMove(slider, { clientX: 500, pointerId: 1 });
    expect(audio.currentTime).toBe(200);
  });

  it('shows the position as it plays, in h:mm:ss past an hour', () => {
    renderWithProviders(<AudioPlayer src="/a.mp3" knownDuration={3723} testIdPrefix="a" />);
    expect(screen.getByTestId('a-duration')).toHaveTextContent('1:02:03');
    const audio = audioOf('a');
    audio.currentTime = 65.7;
    fireEvent.timeUpdate(audio);
    expect(screen.getByTestId('a-time')).toHaveTextContent('1:05');
    expect(sliderOf('a')).toHaveAttribute('aria-valuetext', '1:05 von 1:02:03');
  });

  it('changes the speed (and keeps it over a new load)', async () => {
    const { user } = renderWithProviders(<AudioPlayer src="/a.mp3" knownDuration={10} testIdPrefix="a" />);
    const speed = screen.getByLabelText('Wiedergabegeschwindigkeit');
    expect(speed).toHaveValue('1');
    expect([...(speed as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['0,75×', '1×', '1,25×', '1,5×', '2×']);
    await user.selectOptions(speed, '1,5×');
    expect(audioOf('a').playbackRate).toBe(1.5);
    expect(audioOf('a').defaultPlaybackRate).toBe(1.5);
    await user.selectOptions(speed, '0,75×');
    expect(audioOf('a').playbackRate).toBe(0.75);
  });

  it('plays and pauses', async () => {
    const { play, pause } = mediaEvents();
    const { user } = renderWithProviders(<AudioPlayer src="/a.mp3" knownDuration={10} label="Audio: Hallo" testIdPrefix="a" />);
    expect(screen.getByRole('group', { name: 'Audio: Hallo' })).toBeInTheDocument();
    const button = screen.getByTestId('a-play');
    expect(button).toHaveAccessibleName('Abspielen');
    await user.click(button);
    expect(play).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(button).toHaveAccessibleName('Pause'));
    await user.click(button);
    expect(pause).toHaveBeenCalledTimes(1);
    expect(button).toHaveAccessibleName('Abspielen');
  });

  it('plays one audio at a time: starting one pauses the other', async () => {
    const { pause } = mediaEvents();
    const { user } = renderWithProviders(
      <>
        <AudioPlayer src="/a.mp3" knownDuration={10} testIdPrefix="a" />
        <AudioPlayer src="/b.mp3" knownDuration={10} testIdPrefix="b" />
      </>,
    );
    await user.click(screen.getByTestId('a-play'));
    await waitFor(() => expect(screen.getByTestId('a-play')).toHaveAccessibleName('Pause'));
    await user.click(screen.getByTestId('b-play'));
    await waitFor(() => expect(screen.getByTestId('b-play')).toHaveAccessibleName('Pause'));
    expect(pause.mock.contexts).toContain(audioOf('a'));
    expect(screen.getByTestId('a-play')).toHaveAccessibleName('Abspielen');
    // And back: the first one pauses the second.
    await user.click(screen.getByTestId('a-play'));
    await waitFor(() => expect(screen.getByTestId('b-play')).toHaveAccessibleName('Abspielen'));
    expect(screen.getByTestId('a-play')).toHaveAccessibleName('Pause');
  });

  it('reports a failed playback in one toast, however often it is tried', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('no source', 'NotSupportedError'));
    const { user } = renderWithProviders(<AudioPlayer src="/a.mp3" knownDuration={10} testIdPrefix="a" />);
    await user.click(screen.getByTestId('a-play'));
    expect(await screen.findByText('Wiedergabefehler')).toBeInTheDocument();
    await user.click(screen.getByTestId('a-play'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getAllByText('Wiedergabefehler')).toHaveLength(1);
    expect(screen.getByTestId('a-play')).toHaveAccessibleName('Abspielen');
  });

  it('is inert while there is nothing to play', async () => {
    const { user } = renderWithProviders(<AudioPlayer src={null} knownDuration={null} disabled testIdPrefix="a" />);
    expect(screen.getByTestId('a-play')).toBeDisabled();
    expect(screen.getByLabelText('Wiedergabegeschwindigkeit')).toBeDisabled();
    const slider = sliderOf('a');
    expect(slider).toHaveAttribute('aria-disabled', 'true');
    expect(slider).toHaveAttribute('tabindex', '-1');
    expect(slider).toHaveAttribute('aria-valuetext', '0:00, Länge unbekannt');
    expect(screen.getByTestId('a-duration')).toHaveTextContent('–:––');
    slider.focus();
    await user.keyboard('{End}');
    expect(screen.getByTestId('a-time')).toHaveTextContent('0:00');
  });

  it('tells its position to a listener and takes seek and play from the caller, with its one audio element', async () => {
    const { play } = mediaEvents();
    const onTimeUpdate = vi.fn();
    const controls = createRef<AudioPlayerControls>();
    renderWithProviders(<AudioPlayer src="/a.mp3" knownDuration={60} testIdPrefix="a" onTimeUpdate={onTimeUpdate} controlRef={controls} />);
    expect(document.querySelectorAll('audio')).toHaveLength(1);
    const audio = audioOf('a');
    audio.currentTime = 3.5;
    fireEvent.timeUpdate(audio);
    expect(onTimeUpdate).toHaveBeenLastCalledWith(3.5);

    // Before loading: the position is kept, shown and told, and taken once the metadata is there.
    act(() => controls.current?.seek(12));
    expect(onTimeUpdate).toHaveBeenLastCalledWith(12);
    expect(screen.getByTestId('a-time')).toHaveTextContent('0:12');
    await act(() => controls.current?.play());
    expect(play).toHaveBeenCalledTimes(1);
    loadMetadata(audio, 60);
    expect(audio.currentTime).toBe(12);
    await waitFor(() => expect(screen.getByTestId('a-play')).toHaveAccessibleName('Pause'));

    // Playing already: a seek moves it, and play does not start it a second time.
    act(() => controls.current?.seek(30));
    await act(() => controls.current?.play());
    expect(audio.currentTime).toBe(30);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('ignores a caller’s seek and play while it is inert', async () => {
    const { play } = mediaEvents();
    const controls = createRef<AudioPlayerControls>();
    renderWithProviders(<AudioPlayer src="/a.mp3" knownDuration={60} disabled testIdPrefix="a" controlRef={controls} />);
    act(() => controls.current?.seek(12));
    await act(() => controls.current?.play());
    expect(play).not.toHaveBeenCalled();
    expect(screen.getByTestId('a-time')).toHaveTextContent('0:00');
  });
});
