/** A paragraph's delivery: the speeds and pitches offered, how they read, and what a voice can change. */
import type { Voice } from '@/lib/voices';
import type { ParagraphDelivery } from '../api/types';

/** 0.7 to 1.3 in tenths (the server's range); none: the voice's own tempo. */
export const SPEEDS = [0.7, 0.8, 0.9, 1.1, 1.2, 1.3] as const;
/** −6 to +6 semitones (the server's range); none: the voice's own pitch. */
export const PITCHES = [-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6] as const;

const oneDecimal = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/** "0,9×" */
export function formatSpeed(speed: number): string {
  return `${oneDecimal.format(speed)}×`;
}

/** "+2 Halbtöne", "−1 Halbton" */
export function formatPitch(pitch: number): string {
  const sign = pitch > 0 ? '+' : pitch < 0 ? '−' : '';
  return `${sign}${Math.abs(pitch)} ${Math.abs(pitch) === 1 ? 'Halbton' : 'Halbtöne'}`;
}

/** What the voice's engine can change of a paragraph's delivery (unknown voice: neither). */
export function deliveryCaps(voice: Pick<Voice, 'supports_speed' | 'supports_pitch'> | undefined): { speed: boolean; pitch: boolean } {
  return { speed: voice?.supports_speed ?? false, pitch: voice?.supports_pitch ?? false };
}

/**
 * The delivery to send: the chosen values, without what the voice cannot change (a value
 * kept from another voice would be refused) and without the empty ones.
 */
export function deliveryChange(
  values: { speed: number | null; pitch: number | null; pause_after_ms: number | null },
  caps: { speed: boolean; pitch: boolean },
): ParagraphDelivery {
  const delivery: ParagraphDelivery = {};
  if (caps.speed && values.speed !== null) delivery.speed = values.speed;
  if (caps.pitch && values.pitch !== null) delivery.pitch = values.pitch;
  if (values.pause_after_ms !== null) delivery.pause_after_ms = values.pause_after_ms;
  return delivery;
}
