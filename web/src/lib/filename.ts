export const FILENAME_TEXT_LENGTH = 30;

/** Characters no file system takes in a name: replaced by a dash. */
const RESERVED = /[/\\:*?"<>|]/u;
/** Control characters and the invisible ones that turn or join text: dropped. */
const INVISIBLE = /[\p{Cc}\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/u;

/**
 * Download name of an audio, as the server names it (`shared::domain::download_name`):
 * the first line of its text, at most 30 characters, as written ("Grüße aus Köln.mp3"),
 * with what no file system takes replaced by a dash, runs of spaces as one, and leading or
 * trailing dots, spaces and dashes trimmed; "audio" when nothing is left.
 */
export function audioFileName(text: string, extension = 'mp3'): string {
  const line = text.split(/\r?\n/u).map((l) => l.trim()).find((l) => l !== '') ?? '';
  let stem = '';
  for (const char of Array.from(line).slice(0, FILENAME_TEXT_LENGTH)) {
    if (RESERVED.test(char)) stem += '-';
    else if (INVISIBLE.test(char)) continue;
    else if (/\s/u.test(char)) stem += stem.endsWith(' ') ? '' : ' ';
    else stem += char;
  }
  const base = stem.replace(/^[.\s-]+|[.\s-]+$/gu, '');
  return `${base || 'audio'}.${extension}`;
}

/** Download name of subtitles: the audio's download name with the format's extension (as the server names them). */
export function subtitleFileName(audioName: string, extension: 'srt' | 'vtt'): string {
  const base = audioName.replace(/\.[^./]*$/u, '');
  return `${base || 'audio'}.${extension}`;
}
