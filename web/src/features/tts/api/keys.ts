/** Query key factory of the TTS feature, general to specific. */
export const ttsKeys = {
  all: ['tts'] as const,
  jobs: () => [...ttsKeys.all, 'jobs'] as const,
  jobList: () => [...ttsKeys.jobs(), 'list'] as const,
  // Beside `jobs()`, not under it: creating, saving or deleting a job invalidates `jobs()`,
  // and a finished audio's timings never change, so they are not fetched again then.
  timestamps: (jobId: string) => [...ttsKeys.all, 'timestamps', jobId] as const,
};
