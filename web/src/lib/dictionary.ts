/**
 * The pronunciation dictionary's addresses, query keys and shapes, shared by the dictionary
 * page and the project editor (whose entries apply to one project only).
 */
import type { ApiDictionaryEntry, ApiEntryInput } from './api-types';

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
};
