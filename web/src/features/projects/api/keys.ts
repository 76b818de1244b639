/** Query key factory of the projects feature, general to specific. */
export const projectKeys = {
  all: ['projects'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
  /** One project and everything below it (its chapters too), so a change can refresh all of it at once. */
  project: (projectId: string) => [...projectKeys.all, 'project', projectId] as const,
  detail: (projectId: string) => [...projectKeys.project(projectId), 'detail'] as const,
  chapter: (projectId: string, chapterId: string) => [...projectKeys.project(projectId), 'chapter', chapterId] as const,
  // Beside the project, not under it: a chapter audio's timings never change (a new render
  // gives a new audio with its own URL), so refreshing the project does not fetch them again.
  timestamps: (url: string) => [...projectKeys.all, 'timestamps', url] as const,
};
