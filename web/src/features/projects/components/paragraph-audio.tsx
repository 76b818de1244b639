import { attachParagraphAudio, paragraphAudioStopped } from '../hooks/use-paragraph-audio';

/**
 * The open chapter's one element for hearing a paragraph or a take on its own (the buttons
 * say what plays; the text stands beside each of them).
 */
export function ParagraphAudio() {
  return (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- the paragraph's text stands beside its button
    <audio
      ref={attachParagraphAudio}
      preload="none"
      className="hidden"
      onPause={(event) => paragraphAudioStopped(event.currentTarget)}
      onEnded={(event) => paragraphAudioStopped(event.currentTarget, true)}
      data-testid="paragraph-audio"
    />
  );
}
