import { describe, expect, it } from 'vitest';
import { expiryState, formatCountdown } from './expiry';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const base = { status: 'completed', saved_at: null, is_expired: false };

describe('formatCountdown', () => {
  it('pads hours, minutes and seconds', () => {
    expect(formatCountdown((23 * 3600 + 59 * 60 + 59) * 1000)).toBe('23:59:59');
    expect(formatCountdown(61_500)).toBe('00:01:01');
    expect(formatCountdown(-5)).toBe('00:00:00');
    expect(formatCountdown(100 * 3600 * 1000)).toBe('100:00:00');
  });
});

describe('expiryState', () => {
  it('counts down, then reports expired; saved wins', () => {
    expect(expiryState({ ...base, expires_at: '2026-11-24T09:59:59Z' }, NOW)).toEqual({ kind: 'countdown', text: '23:59:59' });
    expect(expiryState({ ...base, expires_at: '2026-11-23T09:00:00Z' }, NOW)).toEqual({ kind: 'expired' });
    expect(expiryState({ ...base, expires_at: null, is_expired: true }, NOW)).toEqual({ kind: 'expired' });
    expect(expiryState({ ...base, saved_at: '2026-11-23T08:00:00Z', expires_at: null }, NOW)).toEqual({ kind: 'saved' });
    expect(expiryState({ ...base, status: 'pending', expires_at: null }, NOW)).toEqual({ kind: 'none' });
  });

  it('names the day and Berlin time while the end is more than a day away', () => {
    expect(expiryState({ ...base, expires_at: '2026-12-23T13:05:00Z' }, NOW)).toEqual({ kind: 'date', text: '23.12.2026 um 14:05' });
    expect(expiryState({ ...base, expires_at: '2026-11-24T10:00:01Z' }, NOW)).toEqual({ kind: 'date', text: '24.11.2026 um 11:00' });
  });
});
