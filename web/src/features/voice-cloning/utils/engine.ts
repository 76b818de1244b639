import type { CloneEngineId } from '../api/types';

const ENGINE_NAMES: Record<CloneEngineId, string> = {
  local: 'Lokal (eSpeak NG)',
  elevenlabs: 'ElevenLabs',
  replicate: 'Replicate',
};

/** How the wizard names the engine; the local approximation says that it is no real clone. */
export function engineLabel({
  engine,
  approximation,
  engine_label,
}: {
  engine: CloneEngineId;
  approximation: boolean;
  engine_label?: string;
}): string {
  if (approximation) return 'Lokale Annäherung (eSpeak NG) – kein echter Klon';
  return engine_label?.trim() || ENGINE_NAMES[engine] || engine;
}
