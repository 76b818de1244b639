import type { BadgeVariant } from '@/components/ui/badge';
import { audioFileName } from '@/lib/filename';
import { formatNumber } from '@/lib/format';
import type { ChapterSummary, ExportFormat, ExportProfile, ParagraphState } from '../api/types';

/**
 * The longest manuscript of one project, in characters (the server's limit for projects;
 * `GET /api/limits` does not state it yet, so the form only warns early and the server's
 * 422 stays the authority).
 */
export const PROJECT_TEXT_MAX_CHARS = 500_000;

/**
 * The largest upload the server reads (20 MB). Checked here as 20 MiB, the larger reading,
 * so the browser never refuses a file the server would take; the server's 422 decides.
 */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** The manuscript formats the import reads, as the file input's `accept`. */
export const IMPORT_ACCEPT = '.txt,.md,.markdown,.docx,.epub,.pdf';

export function isImportableFile(file: Pick<File, 'name'>): boolean {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  return !!extension && IMPORT_ACCEPT.split(',').includes(`.${extension}`);
}

/** "Zu vertonen" before the first render; a paragraph changed since says so ("Veraltet"). */
export const STATE_LABELS: Record<ParagraphState, string> = {
  stale: 'Zu vertonen',
  rendering: 'Wird vertont',
  done: 'Fertig',
  failed: 'Fehlgeschlagen',
};

export const CHANGED_LABEL = 'Veraltet';

export const STATE_VARIANTS: Record<ParagraphState, BadgeVariant> = {
  stale: 'warning',
  rendering: 'primary',
  done: 'success',
  failed: 'destructive',
};

/** "12 von 40 Absätzen fertig" ("1 von 1 Absatz fertig"). */
export function paragraphProgress(done: number, total: number): string {
  return `${formatNumber(done)} von ${formatNumber(total)} ${total === 1 ? 'Absatz' : 'Absätzen'} fertig`;
}

/** "1 Kapitel", "3 Kapitel" (the same in German), "12.345 Zeichen". */
export function chapterCount(count: number): string {
  return `${formatNumber(count)} Kapitel`;
}

export function characterCount(count: number): string {
  return `${formatNumber(count)} Zeichen`;
}

/**
 * A chapter whose paragraphs are all done while its audio is still to be joined: for the
 * first time (no audio yet) or again (`audio.current` false after a render, a chosen take
 * or a new pause). The server refuses exports meanwhile.
 */
export function isChapterJoining(chapter: Pick<ChapterSummary, 'state' | 'audio'>): boolean {
  return chapter.state === 'done' && !chapter.audio?.current;
}

export const EXPORT_LOCKED_HINT = 'Erst alle Kapitel vertonen';
export const EXPORT_BUSY_HINT = 'Einige Kapitel werden gerade vertont. Bitte warten Sie, bis sie fertig sind.';

/**
 * Why the project cannot be exported now, or null: every chapter needs its joined audio
 * (paragraphs changed since are exported as last rendered, after asking), and none may be
 * rendering or being joined.
 */
export function exportBlocker(chapters: Pick<ChapterSummary, 'state' | 'audio'>[]): string | null {
  if (chapters.length === 0 || chapters.some((c) => !c.audio)) return EXPORT_LOCKED_HINT;
  if (chapters.some((c) => c.state === 'rendering' || isChapterJoining(c))) return EXPORT_BUSY_HINT;
  return null;
}

export function canExport(chapters: Pick<ChapterSummary, 'state' | 'audio'>[]): boolean {
  return exportBlocker(chapters) === null;
}

/** "1 Absatz wurde", "3 Absätze wurden" */
function paragraphsWere(count: number): string {
  return count === 1 ? '1 Absatz wurde' : `${formatNumber(count)} Absätze wurden`;
}

/** "3 Absätze wurden seit der letzten Vertonung geändert." */
export function staleParagraphsText(count: number): string {
  return `${paragraphsWere(count)} seit der letzten Vertonung geändert.`;
}

/**
 * What the chapter player plays when its audio is not the chapter as it is now: the
 * paragraphs changed since, or the render or join on its way. Null when it is current.
 */
export function chapterAudioNote(chapter: Pick<ChapterSummary, 'state' | 'audio' | 'stale_paragraphs'>): string | null {
  if (!chapter.audio) return null;
  const heard = 'zu hören ist die zuletzt vertonte Fassung.';
  if (chapter.state === 'rendering') return `Das Kapitel wird neu vertont – bis dahin ${heard}`;
  if (chapter.stale_paragraphs > 0) return `${paragraphsWere(chapter.stale_paragraphs)} seit der letzten Vertonung geändert – ${heard}`;
  if (!chapter.audio.current) return `Die neue Fassung wird zusammengefügt – bis dahin ${heard}`;
  return null;
}

export const EXPORT_FORMATS: { format: ExportFormat; label: string; extension: string }[] = [
  { format: 'm4b', label: 'M4B-Hörbuch', extension: 'm4b' },
  { format: 'mp3', label: 'MP3 mit Kapitelmarken', extension: 'mp3' },
  { format: 'zip', label: 'ZIP der Kapitel', extension: 'zip' },
];

/** How an export's audio is made ready, with what that means (the server's `projects::export`). */
export const EXPORT_PROFILES: { profile: ExportProfile; label: string; short: string; description: string }[] = [
  {
    profile: 'standard',
    label: 'Standard',
    short: 'Standard',
    description: 'Wie vertont: in der Abtastrate der Stimme, auf −16 LUFS angeglichen.',
  },
  {
    profile: 'acx',
    label: 'Hörbuch (ACX)',
    short: 'ACX',
    description:
      'Für Audible/ACX: 44,1 kHz, 192 kbit/s konstant, RMS −20 dB, Spitzen unter −3 dB, Raumton am Anfang und Ende jedes Kapitels. ' +
      'Als ZIP eine Datei je Kapitel, wie ACX es verlangt.',
  },
  { profile: 'podcast', label: 'Podcast', short: 'Podcast', description: '−16 LUFS, 128 kbit/s, 44,1 kHz.' },
];

export const DEFAULT_EXPORT_PROFILE: ExportProfile = 'standard';

export function exportProfile(profile: ExportProfile) {
  return EXPORT_PROFILES.find((p) => p.profile === profile) ?? EXPORT_PROFILES[0];
}

/** The cover pictures the server takes, as the file input's `accept`. */
export const COVER_ACCEPT = 'image/jpeg,image/png';

/** The largest cover the server takes (10 MB, read as 10 MiB like the server); its 422 decides the rest. */
export const COVER_MAX_BYTES = 10 * 1024 * 1024;
export const COVER_TOO_LARGE_MESSAGE = 'Das Cover ist zu groß: höchstens 10 MB.';

/** "3000 × 3000 px" */
export function coverSize({ width, height }: { width: number; height: number }): string {
  return `${width} × ${height} px`;
}

export function exportLabel(format: ExportFormat): string {
  return EXPORT_FORMATS.find((f) => f.format === format)?.label ?? format;
}

/** Download name of an export: the project title as audio names are made, with the format's extension. */
export function exportFileName(title: string, format: ExportFormat): string {
  const extension = EXPORT_FORMATS.find((f) => f.format === format)?.extension ?? format;
  return audioFileName(title).replace(/\.mp3$/u, `.${extension}`);
}
