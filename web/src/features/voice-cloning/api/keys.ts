/** Query key factory of the voice clones, general to specific. */
export const voiceCloneKeys = {
  all: ['voice-clones'] as const,
  setup: () => [...voiceCloneKeys.all, 'setup'] as const,
  lists: () => [...voiceCloneKeys.all, 'list'] as const,
  list: (filters: CloneFilters) => [...voiceCloneKeys.lists(), filters] as const,
  stuck: () => [...voiceCloneKeys.all, 'stuck'] as const,
  samples: (id: string) => [...voiceCloneKeys.all, 'samples', id] as const,
};

/** The list's filters as the server takes them. */
export type CloneFilters = { search: string; status: string };

/** The routes of the contract, defined once. */
export const voiceCloneUrls = {
  root: '/api/voice-clones',
  setup: '/api/voice-clones/setup',
  checkRecording: '/api/voice-clones/check-recording',
  samples: (id: string) => `/api/voice-clones/${encodeURIComponent(id)}/samples`,
  training: (id: string) => `/api/voice-clones/${encodeURIComponent(id)}/training`,
  stuck: '/api/voice-clones/stuck',
  voice: (id: string) => `/api/voice-clones/${encodeURIComponent(id)}`,
  pay: (id: string) => `/api/voice-clones/${encodeURIComponent(id)}/pay`,
};
