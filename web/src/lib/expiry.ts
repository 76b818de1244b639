/**
 * Expiry of generated audios: when an unsaved audio is deleted. A date while that is more
 * than a day away ("läuft am 26.12.2026 um 14:05 ab", not "719:59:58"), a countdown in
 * its last day.
 */

import { useEffect, useState } from 'react';
import { formatDateTime } from '@/lib/format';

const DAY_MS = 24 * 3600 * 1000;

/** Remaining time as "hh:mm:ss" (hours may exceed 24); "00:00:00" when over. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

export type ExpiryState =
  | { kind: 'saved' }
  | { kind: 'expired' }
  | { kind: 'countdown'; text: string }
  | { kind: 'date'; text: string }
  | { kind: 'none' };

type ExpiryFields = { status: string; saved_at?: string | null; expires_at?: string | null; is_expired: boolean };

/** What a completed audio's expiry line says at `now`. */
export function expiryState(job: ExpiryFields, now: number): ExpiryState {
  if (job.saved_at) return { kind: 'saved' };
  if (job.is_expired) return { kind: 'expired' };
  if (job.status !== 'completed' || !job.expires_at) return { kind: 'none' };
  const left = Date.parse(job.expires_at) - now;
  if (Number.isNaN(left)) return { kind: 'none' };
  if (left <= 0) return { kind: 'expired' };
  if (left > DAY_MS) return { kind: 'date', text: formatDateTime(job.expires_at, 'Europe/Berlin').replace(', ', ' um ') };
  return { kind: 'countdown', text: formatCountdown(left) };
}

/** The current time, updated every `intervalMs` while mounted. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
