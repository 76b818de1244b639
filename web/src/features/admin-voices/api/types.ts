/** Shapes of the admin voice endpoints, from the generated API contract. */
import type { ApiAdminVoice, ApiAdminVoiceChange, ApiAdminVoiceList, ApiAdminVoiceStats } from '@/lib/api-types';

export type AdminVoice = ApiAdminVoice;
/** `GET /api/admin/voices` */
export type AdminVoiceList = ApiAdminVoiceList;
export type AdminVoiceStats = ApiAdminVoiceStats;
/** `PATCH /api/admin/voices/{id}` */
export type AdminVoiceChange = ApiAdminVoiceChange;
/** The list's filters as the server takes them. */
export type AdminVoiceFilters = { search: string; status: string; type: string };
