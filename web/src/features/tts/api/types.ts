/** Shapes of the voices and jobs endpoints (docs/api.md). */

export type Language = { code: string; name: string; flag: string };

export type ProviderOption = { value: string; label: string };

export type Gender = 'male' | 'female';

export type Voice = {
  id: string;
  key: string;
  name: string;
  description: string;
  language: string;
  provider: string;
  gender: Gender;
  avatar: string | null;
  type: 'public' | 'clone';
  available: boolean;
  unavailable_reason: string | null;
  is_demo: boolean;
  supports_rate: boolean;
};

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
