export const FILENAME_TEXT_LENGTH = 30;

/**
 * Download name of an audio: the first 30 characters of its text with every
 * non-alphanumeric character replaced by an underscore, plus ".mp3" (or the extension of
 * an export's format, as the server names it).
 */
export function audioFileName(text: string, extension = 'mp3'): string {
  const head = Array.from(text).slice(0, FILENAME_TEXT_LENGTH).join('');
  const base = head.replace(/[^a-zA-Z0-9]/gu, '_');
  return `${base || 'audio'}.${extension}`;
}

/** Download name of subtitles: the audio's download name with the format's extension (as the server names them). */
export function subtitleFileName(audioName: string, extension: 'srt' | 'vtt'): string {
  const base = audioName.replace(/\.[^./]*$/u, '');
  return `${base || 'audio'}.${extension}`;
}
