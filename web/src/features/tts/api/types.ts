/** Shapes of the voices and jobs endpoints, from the generated API contract. */

import type { ApiJob, ApiJobList, ApiJobStatus, ApiVoiceList } from '@/lib/api-types';
import type { Language, ProviderOption, Voice } from '@/lib/voices';

export type { Language, ProviderOption, Voice };

export type VoicesResponse = ApiVoiceList;

export type JobStatus = ApiJobStatus;

export type Job = ApiJob;

export type JobsResponse = ApiJobList;
