/** Shapes of the voice-clone endpoints, from the generated API contract. */
import type {
  ApiCloneEngineId,
  ApiCloneList,
  ApiCloneSample,
  ApiCloneSetup,
  ApiCloneState,
  ApiCloneStats,
  ApiCloneVoice,
  ApiCreateClone,
  ApiRecordingCheck,
  ApiSampleKind,
  ApiTrainingAction,
  ApiTrainingText,
  ApiUpdateClone,
} from '@/lib/api-types';

export type CloneState = ApiCloneState;
export type CloneEngineId = ApiCloneEngineId;
export type SampleKind = ApiSampleKind;
export type TrainingAction = ApiTrainingAction;
export type CloneVoice = ApiCloneVoice;
/** `GET /api/voice-clones` */
export type CloneList = ApiCloneList;
export type CloneStats = ApiCloneStats;
export type TrainingText = ApiTrainingText;
/** `GET /api/voice-clones/setup` */
export type CloneSetup = ApiCloneSetup;
/** `POST /api/voice-clones/check-recording` */
export type RecordingCheck = ApiRecordingCheck;
export type CloneSample = ApiCloneSample;
export type CloneConsents = ApiCreateClone['consents'];
/** `POST /api/voice-clones` */
export type CreateCloneBody = ApiCreateClone;
/** `PATCH /api/voice-clones/{id}` */
export type UpdateCloneBody = ApiUpdateClone;

/** `POST /api/voice-clones/{id}/samples` (multipart) */
export type UploadSampleBody = { file: Blob; kind: SampleKind; step: number; transcript?: string | null };

/** `POST /api/voice-clones/{id}/training` */
export type TrainingBody = { action: TrainingAction };
