/** Query key factory of the TTS feature, general to specific. */
export const ttsKeys = {
  all: ['tts'] as const,
  jobs: () => [...ttsKeys.all, 'jobs'] as const,
  jobList: () => [...ttsKeys.jobs(), 'list'] as const,
};
