/** Query key factory of the projects feature, general to specific. */
export const projectKeys = {
  all: ['projects'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
  /** One project and everything below it (its chapters too), so a change can refresh all of it at once. */
  project: (projectId: string) => [...projectKeys.all, 'project', projectId] as const,
  detail: (projectId: string) => [...projectKeys.project(projectId), 'detail'] as const,
  /** Its publication details and cover; under the project, so a new project voice (the narrator) refreshes it. */
  publication: (projectId: string) => [...projectKeys.project(projectId), 'publication'] as const,
  /** A chapter with its first page of paragraphs, and (below it) its further pages. */
  chapter: (projectId: string, chapterId: string) => [...projectKeys.project(projectId), 'chapter', chapterId] as const,
  /** A long chapter's further pages of paragraphs, whatever their start: for cache updates across them. */
  chapterPages: (projectId: string, chapterId: string) => [...projectKeys.chapter(projectId, chapterId), 'pages'] as const,
  // The start is the first page's `next_offset`: when it moves (a split, or an edit that
  // changed the first page's length), the loaded pages would overlap it or leave a gap, so
  // that is a new list. Null for a chapter that has only one page.
  chapterPagesFrom: (projectId: string, chapterId: string, start: number | null) =>
    [...projectKeys.chapterPages(projectId, chapterId), start] as const,
  /** Where each paragraph is heard in the chapter's joined audio, whatever the version. */
  chapterParts: (projectId: string, chapterId: string) => [...projectKeys.chapter(projectId, chapterId), 'parts'] as const,
  // The version names the joined audio and which of its paragraphs changed since (see
  // `partsVersion`): when either moves, the parts are asked again.
  chapterPartsOf: (projectId: string, chapterId: string, version: string) => [...projectKeys.chapterParts(projectId, chapterId), version] as const,
  /** The project's cast (characters and their voices); under the project, so any change there refreshes it. */
  characters: (projectId: string) => [...projectKeys.project(projectId), 'characters'] as const,
  /** A paragraph's takes; under the project, so refreshing the project refreshes them too. */
  takes: (projectId: string, paragraphId: string) => [...projectKeys.project(projectId), 'takes', paragraphId] as const,
  // Beside the project, not under it: a joined audio's timings never change. The address
  // stays when the chapter is joined again, so the key names the join (`joinVersion`).
  timestamps: (url: string, version = '') => [...projectKeys.all, 'timestamps', url, version] as const,
};
