import type { Voice } from '@/lib/voices';

export type VoiceChoice = { value: string; label: string };

/**
 * The voices a project, chapter or paragraph may be set to: the usable ones, and the one
 * set now even when it is no longer usable (so the select still shows what is set).
 */
export function voiceChoices(voices: Pick<Voice, 'id' | 'name' | 'language' | 'available'>[], current: string | null): VoiceChoice[] {
  const choices = voices.filter((v) => v.available).map((v) => ({ value: v.id, label: `${v.name} (${v.language})` }));
  if (current && !choices.some((c) => c.value === current)) {
    const voice = voices.find((v) => v.id === current);
    choices.unshift({ value: current, label: voice ? `${voice.name} (nicht verfügbar)` : 'Unbekannte Stimme' });
  }
  return choices;
}

export function voiceName(voices: Pick<Voice, 'id' | 'name'>[], id: string | null): string | null {
  return id ? (voices.find((v) => v.id === id)?.name ?? null) : null;
}
