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
 * Exports need the joined audio of every chapter: each chapter done and its audio there
 * (done but without audio means the server is still joining it).
 */
export function canExport(chapters: Pick<ChapterSummary, 'state' | 'audio'>[]): boolean {
  return chapters.length > 0 && chapters.every((c) => c.state === 'done' && c.audio !== null);
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
