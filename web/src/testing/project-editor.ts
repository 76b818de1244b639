// The project editor at `/dashboard/projects/p-1` over a mocked API, for the projects
// feature's tests: a signed-in user, the voices, the project, its open chapter, its
// publication, (empty) project dictionary and (empty) cast; `extra` adds or replaces routes.
import type { ChapterDetail, ProjectDetail } from '@/features/projects/api/types';
import { makeUser, voicesFixture } from './fixtures';
import { mockApi, type MockHandler } from './mock-api';
import { makeChapter, makeProjectDetail, makePublication } from './project-fixtures';
import { renderApp } from './test-utils';

/**
 * Loads the editor's lazy route chunk before the first test of a file (a \`beforeAll\`):
 * on two busy cores the first render would otherwise spend most of a find's wait on it.
 */
export async function loadProjectEditor(): Promise<void> {
  await import('@/features/projects/routes/project-page');
}

export const PROJECT_ROUTE = 'GET /api/projects/p-1';
export const CHAPTER_ROUTE = 'GET /api/projects/p-1/chapters/c-1';
export const CHARACTERS_ROUTE = 'GET /api/projects/p-1/characters';

export function renderProjectEditor({
  project = makeProjectDetail(),
  chapter = makeChapter(),
  extra = {},
  path = '/dashboard/projects/p-1',
}: {
  project?: ProjectDetail | MockHandler;
  chapter?: ChapterDetail | MockHandler;
  extra?: Record<string, MockHandler>;
  path?: string;
} = {}) {
  const api = mockApi({
    'GET /api/me': { json: makeUser({ balance_cent: 500 }) },
    'GET /api/voices': { json: voicesFixture },
    [PROJECT_ROUTE]: typeof project === 'object' && 'chapters' in project ? { json: project } : project,
    [CHAPTER_ROUTE]: typeof chapter === 'object' && 'paragraphs' in chapter ? { json: chapter } : chapter,
    'GET /api/projects/p-1/publication': { json: makePublication() },
    'GET /api/pronunciation/dictionary': { json: [] },
    [CHARACTERS_ROUTE]: { json: { characters: [] } },
    ...extra,
  });
  return { api, ...renderApp(path) };
}
