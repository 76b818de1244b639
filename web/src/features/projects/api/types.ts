/** Shapes of the projects endpoints (`/api/projects/...`), from the generated API contract. */
import type { components } from '@/lib/api-schema';

type Schemas = components['schemas'];

/** `stale`: never rendered, or its text, voice or dictionary changed since. */
export type ParagraphState = Schemas['ParagraphState'];
export type ProjectSummary = Schemas['ProjectSummary'];
export type ProjectList = Schemas['ProjectList'];
/**
 * A chapter's last joined audio: there once the chapter was joined, and kept while its
 * paragraphs change or render again; `current` is false while a join is still to come.
 */
export type ChapterAudio = Schemas['ChapterAudio'];
export type ChapterSummary = Schemas['ChapterSummary'];
export type ParagraphView = Schemas['ParagraphView'];
/** Speed and pitch (where the voice's engine can change them) and the pause after a paragraph. */
export type ParagraphDelivery = Schemas['ParagraphDelivery'];
/** Where one paragraph is heard in the chapter's joined audio; `current` is false once it changed since. */
export type HeardPart = Schemas['HeardPart'];
/** `GET /api/projects/{id}/chapters/{chapterId}/parts` */
export type ChapterParts = Schemas['ChapterParts'];
/** One render of a paragraph; the paragraph uses the `chosen` one. */
export type Take = Schemas['Take'];
/** `GET /api/projects/{id}/paragraphs/{paragraphId}/takes`: newest first. */
export type TakeList = Schemas['TakeList'];
export type ChapterDetail = Schemas['ChapterDetail'];
export type ExportFormat = Schemas['ExportFormat'];
/** How an export's audio is made ready: as rendered, for Audible/ACX, or for podcasts. */
export type ExportProfile = Schemas['ExportProfile'];
export type ExportView = Schemas['ExportView'];
export type ExportStatus = ExportView['status'];
export type ProjectDetail = Schemas['ProjectDetail'];
export type RenderAnswer = Schemas['RenderAnswer'];
/** What every export carries: author, publisher, genre, year, comment, the narrator (the project's voice) and the cover. */
export type ProjectPublication = Schemas['ProjectPublication'];
/** The uploaded cover, with why ACX would refuse it (null when ACX takes it). */
export type ProjectCover = Schemas['ProjectCover'];

/** A character of the project's cast; its voice is null once that voice was deleted. */
export type ProjectCharacter = Schemas['ProjectCharacter'];
/** `GET /api/projects/{id}/characters` */
export type ProjectCharacterList = Schemas['ProjectCharacterList'];
/** `POST /api/projects/{id}/characters` */
export type NewProjectCharacter = Schemas['NewProjectCharacter'];
/** `PATCH /api/projects/{id}/characters/{characterId}` */
export type ProjectCharacterChange = Schemas['ProjectCharacterChange'];

/** `POST /api/projects` */
export type CreateProjectBody = Schemas['NewProject'];
/** `POST /api/projects/{id}/exports`; without a profile the server makes a standard export. */
export type NewExport = Schemas['NewExport'];
/** `PUT /api/projects/{id}/publication` */
export type PublicationChange = Schemas['ProjectPublicationChange'];
/** `PATCH /api/projects/{id}` */
export type ProjectChange = Schemas['ProjectChange'];
/** `PATCH /api/projects/{id}/chapters/{chapterId}`; a null voice goes back to the project's. */
export type ChapterChange = Schemas['ChapterChange'];
/** `PATCH /api/projects/{id}/paragraphs/{paragraphId}`; a null voice goes back to the chapter's. */
export type ParagraphChange = Schemas['ParagraphChange'];
/** `POST /api/projects/{id}/paragraphs/{paragraphId}/split`; without a title the server names it "Kapitel N". */
export type ChapterSplit = Schemas['ChapterSplit'];
/** A split's or merge's answer: the chapter it is about and the project as it is now. */
export type ChaptersChanged = Schemas['ChaptersChanged'];
