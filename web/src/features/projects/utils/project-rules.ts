import type { BadgeVariant } from '@/components/ui/badge';
import { audioFileName } from '@/lib/filename';
import { formatNumber } from '@/lib/format';
import type { ChapterSummary, ExportFormat, ParagraphState } from '../api/types';

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
export const IMPORT_ACCEPT = '.txt,.md,.markdown,.docx,.epub';

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

export function exportLabel(format: ExportFormat): string {
  return EXPORT_FORMATS.find((f) => f.format === format)?.label ?? format;
}

/** Download name of an export: the project title as audio names are made, with the format's extension. */
export function exportFileName(title: string, format: ExportFormat): string {
  const extension = EXPORT_FORMATS.find((f) => f.format === format)?.extension ?? format;
  return audioFileName(title).replace(/\.mp3$/u, `.${extension}`);
}
