/**
 * Shapes of the projects endpoints (`/api/projects/...`). Written by hand: they mirror the
 * server schemas of the same names, which are not in the generated contract yet. Once
 * `npm run gen:api` has them, these become aliases of `lib/api-types.ts` like every other
 * feature's types.
 */

/** `stale`: never rendered, or its text, voice or dictionary changed since. */
export type ParagraphState = 'stale' | 'rendering' | 'done' | 'failed';

export type ProjectSummary = {
  id: string;
  title: string;
  voice_id: string | null;
  chapter_count: number;
  paragraph_count: number;
  done_paragraphs: number;
  characters: number;
  cost_cent: number;
  created_at: string;
  updated_at: string;
};

export type ProjectList = { projects: ProjectSummary[] };

/** The joined audio of a chapter whose paragraphs are all done. */
export type ChapterAudio = {
  /** MP3, served with range requests. */
  url: string;
  duration_seconds: number;
  /** JSON TimedText of the chapter audio. */
  timestamps_url: string;
};

export type ChapterSummary = {
  id: string;
  position: number;
  title: string;
  /** The chapter's own voice; null = the project's voice. */
  voice_id: string | null;
  characters: number;
  /** What the whole chapter costs. */
  cost_cent: number;
  /** What rendering it now charges (its stale paragraphs only). */
  stale_cost_cent: number;
  paragraph_count: number;
  /** The worst of its paragraphs: failed > rendering > stale > done. */
  state: ParagraphState;
  /** Null until all paragraphs are done and joined. */
  audio: ChapterAudio | null;
};

export type ParagraphView = {
  id: string;
  position: number;
  text: string;
  /** The paragraph's own voice; null = the chapter's (or the project's) voice. */
  voice_id: string | null;
  characters: number;
  cost_cent: number;
  state: ParagraphState;
  error: string | null;
};

export type ChapterDetail = ChapterSummary & { paragraphs: ParagraphView[] };

export type ExportFormat = 'm4b' | 'mp3' | 'zip';

export type ExportStatus = 'pending' | 'processing' | 'completed' | 'failed';

export type ExportView = {
  id: string;
  format: ExportFormat;
  status: ExportStatus;
  /** 0..1 */
  progress: number;
  error: string | null;
  size_bytes: number | null;
  download_url: string | null;
  created_at: string;
};

export type ProjectDetail = {
  id: string;
  title: string;
  voice_id: string | null;
  characters: number;
  cost_cent: number;
  stale_cost_cent: number;
  created_at: string;
  updated_at: string;
  chapters: ChapterSummary[];
  exports: ExportView[];
};

export type RenderAnswer = { chapter: ChapterDetail; charged_cent: number; balance_cent: number };

/** `POST /api/projects` */
export type CreateProjectBody = { title: string; text: string; voice_id: string };

/** `PATCH /api/projects/{id}` */
export type ProjectChange = { title?: string; voice_id?: string };

/** `PATCH /api/projects/{id}/chapters/{chapterId}`; a null voice goes back to the project's. */
export type ChapterChange = { title?: string; voice_id?: string | null };

/** `PATCH /api/projects/{id}/paragraphs/{paragraphId}`; a null voice goes back to the chapter's. */
export type ParagraphChange = { text?: string; voice_id?: string | null };

/** `POST /api/projects/{id}/paragraphs/{paragraphId}/split`; without a title the server names it "Kapitel N". */
export type ChapterSplit = { title?: string };

/**
 * The answer of a split (the chapter the paragraph now begins) or a merge (the chapter the
 * paragraphs went into), with the project as it is now.
 */
export type ChaptersChanged = { chapter_id: string; project: ProjectDetail };
