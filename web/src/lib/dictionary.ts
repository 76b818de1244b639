/**
 * The pronunciation dictionary's addresses, query keys and shapes, shared by the dictionary
 * page and the project editor (whose entries apply to one project only).
 */
import { api, ApiError } from './api-client';
import type { ApiDictionaryEntry, ApiEntryInput, ApiImportResult } from './api-types';

export type DictionaryEntry = ApiDictionaryEntry;
export type EntryInput = ApiEntryInput;

/** Which entries a change is about: a global one (admins), one of a project, else the user's own. */
export type EntryScope = { global?: boolean; project_id?: string | null };

export const dictionaryKeys = {
  all: ['pronunciation-dictionary'] as const,
  /** The list with one project's entries first (under `all`: any change refreshes it too). */
  project: (projectId: string) => [...dictionaryKeys.all, 'project', projectId] as const,
};

export const dictionaryUrls = {
  root: '/api/pronunciation/dictionary',
  /** The list; with a project, that project's entries first. */
  list: (projectId?: string) => (projectId ? `/api/pronunciation/dictionary?${new URLSearchParams({ project_id: projectId }).toString()}` : '/api/pronunciation/dictionary'),
  entry: (id: string, scope: EntryScope = {}) => {
    const query = new URLSearchParams();
    if (scope.global) query.set('global', 'true');
    if (scope.project_id) query.set('project_id', scope.project_id);
    const search = query.toString();
    return `/api/pronunciation/dictionary/${encodeURIComponent(id)}${search ? `?${search}` : ''}`;
  },
  export: '/api/pronunciation/dictionary/export',
  import: '/api/pronunciation/dictionary/import',
  /** The entries as a W3C Pronunciation Lexicon (a download, aussprache.pls); with a project, its entries first. */
  exportPls: (projectId?: string) => withProject('/api/pronunciation/dictionary/export.pls', projectId),
  /** Takes a PLS file (the raw body); with a project, into that project's entries. */
  importPls: (projectId?: string) => withProject('/api/pronunciation/dictionary/import.pls', projectId),
};

function withProject(path: string, projectId?: string): string {
  return projectId ? `${path}?${new URLSearchParams({ project_id: projectId }).toString()}` : path;
}

/** What an import did: how many entries it saved, and each line or lexeme it could not take. */
export type ImportResult = ApiImportResult;

/** The type the server takes a PLS file in, and the largest file it takes. */
export const PLS_CONTENT_TYPE = 'application/pls+xml';
export const PLS_MAX_BYTES = 1024 * 1024;
/** The name an exported lexicon is saved under. */
export const PLS_FILENAME = 'aussprache.pls';

/** `POST …/import.pls`: the file's bytes as they are (its encoding is the XML's own). */
export function importPls(file: Blob, projectId?: string): Promise<ImportResult> {
  if (file.size > PLS_MAX_BYTES) {
    return Promise.reject(new ApiError({ status: 413, code: 'too_large', title: 'Datei zu groß', message: 'Die PLS-Datei darf höchstens 1 MB groß sein.' }));
  }
  return api.postFile<ImportResult>(dictionaryUrls.importPls(projectId), file, PLS_CONTENT_TYPE);
}

/** "3 Einträge übernommen." */
export function importSummary(result: ImportResult): string {
  return `${result.saved} ${result.saved === 1 ? 'Eintrag' : 'Einträge'} übernommen.`;
}
