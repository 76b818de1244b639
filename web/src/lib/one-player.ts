/**
 * One sound at a time across the app: when any `<audio>` or `<video>` starts, every other
 * one on the page pauses. Media events do not bubble, so the listener catches them on the
 * way down (capture phase). Returns the function that removes it.
 */
export function keepOnePlayerAtATime(root: Document = document): () => void {
  const onPlay = (event: Event) => {
    const started = event.target;
    if (!(started instanceof HTMLMediaElement)) return;
    for (const media of root.querySelectorAll<HTMLMediaElement>('audio, video')) {
      if (media !== started && !media.paused) media.pause();
    }
  };
  root.addEventListener('play', onPlay, true);
  return () => root.removeEventListener('play', onPlay, true);
}
