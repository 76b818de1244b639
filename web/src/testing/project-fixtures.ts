// Projects as the server answers them, for the projects feature's tests.
import type {
  ChapterAudio,
  ChapterDetail,
  ChapterSummary,
  ExportView,
  ParagraphView,
  ProjectDetail,
  ProjectPublication,
  ProjectSummary,
  Take,
} from '@/features/projects/api/types';

export function makeProjectSummary(overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    id: 'p-1',
    title: 'Die Reise nach Rügen',
    voice_id: 'v-jonas',
    chapter_count: 12,
    paragraph_count: 40,
    done_paragraphs: 12,
    characters: 123_456,
    cost_cent: 12_346,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-22T10:00:00Z',
    ...overrides,
  };
}

/** A chapter's joined audio, current unless said otherwise. */
export function makeChapterAudio(chapterId = 'c-1', overrides: Partial<ChapterAudio> = {}): ChapterAudio {
  return {
    url: `/api/projects/p-1/chapters/${chapterId}/audio`,
    duration_seconds: 12.5,
    timestamps_url: `/api/projects/p-1/chapters/${chapterId}/timestamps`,
    current: true,
    ...overrides,
  };
}

export function makeParagraph(overrides: Partial<ParagraphView> = {}): ParagraphView {
  return {
    id: 'para-1',
    position: 0,
    text: 'Es war ein kalter Morgen auf der Insel.',
    voice_id: null,
    characters: 39,
    cost_cent: 4,
    state: 'stale',
    changed: false,
    error: null,
    delivery: {},
    quotations: [],
    casting: [],
    audio_url: null,
    ...overrides,
  };
}

export function makeChapterSummary(overrides: Partial<ChapterSummary> = {}): ChapterSummary {
  return {
    id: 'c-1',
    position: 0,
    title: 'Ankunft',
    voice_id: null,
    characters: 1_200,
    cost_cent: 1_234,
    stale_cost_cent: 120,
    paragraph_count: 2,
    done_paragraphs: 0,
    stale_paragraphs: 2,
    state: 'stale',
    pause_after_ms: 2_000,
    audio: null,
    ...overrides,
  };
}

/**
 * A chapter with two paragraphs on its only page; `paragraphs` replaces them (the counts
 * follow them unless given, e.g. for the first page of a longer chapter).
 */
export function makeChapter(overrides: Partial<ChapterDetail> = {}): ChapterDetail {
  const paragraphs = overrides.paragraphs ?? [
    makeParagraph({ id: 'para-1', position: 0 }),
    makeParagraph({ id: 'para-2', position: 1, text: 'Der Wind kam von Osten.', characters: 23, cost_cent: 3 }),
  ];
  return {
    ...makeChapterSummary(overrides),
    paragraphs,
    paragraph_count: paragraphs.length,
    done_paragraphs: paragraphs.filter((p) => p.state === 'done').length,
    stale_paragraphs: paragraphs.filter((p) => p.state === 'stale' || p.state === 'failed').length,
    next_offset: null,
    ...overrides,
  };
}

export function makeExport(overrides: Partial<ExportView> = {}): ExportView {
  return {
    id: 'e-1',
    format: 'm4b',
    profile: 'standard',
    status: 'pending',
    progress: 0,
    error: null,
    size_bytes: null,
    download_url: null,
    created_at: '2026-11-22T11:00:00Z',
    ...overrides,
  };
}

export function makeProjectDetail(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    id: 'p-1',
    title: 'Die Reise nach Rügen',
    voice_id: 'v-jonas',
    characters: 123_456,
    cost_cent: 12_346,
    stale_cost_cent: 1_200,
    stale_paragraphs: 2,
    spent_cent: 250,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-22T10:00:00Z',
    chapters: [
      makeChapterSummary(),
      makeChapterSummary({
        id: 'c-2',
        position: 1,
        title: 'Der Leuchtturm',
        state: 'done',
        stale_cost_cent: 0,
        stale_paragraphs: 0,
        cost_cent: 250,
        audio: makeChapterAudio('c-2'),
      }),
    ],
    exports: [],
    ...overrides,
  };
}

/** Publication details as the server answers them: nothing filled in yet, no cover, the project's voice as narrator. */
/** One take of a paragraph: finished and chosen unless said otherwise. */
export function makeTake(overrides: Partial<Take> = {}): Take {
  return {
    id: 'take-1',
    created_at: '2026-11-22T10:00:05Z',
    status: 'completed',
    text: 'Es war ein kalter Morgen auf der Insel.',
    voice_id: null,
    delivery: {},
    duration_seconds: 3.2,
    chosen: true,
    other_text: false,
    audio_url: '/api/projects/p-1/paragraphs/para-1/takes/take-1/audio',
    ...overrides,
  };
}

export function makePublication(overrides: Partial<ProjectPublication> = {}): ProjectPublication {
  return {
    author: '',
    publisher: '',
    genre: '',
    year: null,
    comment: '',
    narrator: 'Jonas',
    cover: null,
    ...overrides,
  };
}
