/** Shapes of the voices and jobs endpoints (docs/api.md). */

import type { Language, ProviderOption, Voice } from '@/lib/voices';

export type { Language, ProviderOption, Voice };

export type VoicesResponse = {
  languages: Language[];
  providers: ProviderOption[];
  voices: Voice[];
};

export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed';

export type JobVoice = { id: string; name: string; language: string; type: string; provider: string };

export type Job = {
  id: string;
  text: string;
  status: JobStatus;
  cost_cent: number;
  duration_seconds: number | null;
  error_message: string | null;
  created_at: string;
  completed_at: string | null;
  voice: JobVoice | null;
  audio_url: string | null;
};

export type JobsResponse = { jobs: Job[] };
