import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatCents,
  formatClock,
  formatDate,
  formatDateTime,
  formatDuration,
  formatEuroFromCents,
  formatNumber,
  formatWait,
  truncate,
} from './format';

describe('formatEuroFromCents', () => {
  it('shows euros with two decimals and a comma', () => {
    expect(formatEuroFromCents(100)).toBe('1,00 €');
    expect(formatEuroFromCents(0)).toBe('0,00 €');
    expect(formatEuroFromCents(5)).toBe('0,05 €');
    expect(formatEuroFromCents(1999)).toBe('19,99 €');
  });

  it('groups thousands with a dot', () => {
    expect(formatEuroFromCents(123456)).toBe('1.234,56 €');
  });

  it('treats non-numbers as zero', () => {
    expect(formatEuroFromCents(Number.NaN)).toBe('0,00 €');
  });
});

describe('formatCents', () => {
  it('says cents below a euro and euros from a euro on', () => {
    expect(formatCents(1)).toBe('1 Cent');
    expect(formatCents(99)).toBe('99 Cent');
    expect(formatCents(150)).toBe('1,50 €');
    expect(formatCents(392)).toBe('3,92 €');
  });
});

describe('German dates', () => {
  const iso = '2026-11-21T13:05:00Z';

  it('formats a date as dd.mm.yyyy', () => {
    expect(formatDate(iso, 'Europe/Berlin')).toBe('21.11.2026');
    expect(formatDate('2026-03-02T23:30:00Z', 'Europe/Berlin')).toBe('03.03.2026');
  });

  it('formats date and time in 24-hour German style', () => {
    expect(formatDateTime(iso, 'Europe/Berlin')).toBe('21.11.2026, 14:05');
    expect(formatDateTime('2026-07-01T06:00:00Z', 'Europe/Berlin')).toBe('01.07.2026, 08:00');
  });

  it('shows "Unbekannt" for missing or invalid values', () => {
    expect(formatDate(null)).toBe('Unbekannt');
    expect(formatDateTime(undefined)).toBe('Unbekannt');
    expect(formatDateTime('kein Datum')).toBe('Unbekannt');
  });
});

describe('formatDuration', () => {
  it('shows seconds with one decimal below a minute', () => {
    expect(formatDuration(2.44)).toBe('2,4 s');
    expect(formatDuration(0)).toBe('0,0 s');
  });
  it('shows minutes above a minute', () => {
    expect(formatDuration(65)).toBe('1:05 min');
    expect(formatDuration(3723)).toBe('1:02:03 min');
  });
  it('counts whole seconds as the player does: a list and its player never disagree', () => {
    // The review: a row said "3:16 min" while its player said "3:15".
    for (const seconds of [195.4, 195.6, 195.999, 60, 59.99 + 0.02]) {
      expect(formatDuration(seconds)).toBe(`${formatClock(seconds)} min`);
    }
    expect(formatDuration(195.6)).toBe('3:15 min');
  });
  it('shows a dash when unknown', () => {
    expect(formatDuration(null)).toBe('–');
  });
});

describe('formatClock', () => {
  it('shows m:ss below an hour, cutting fractions', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(7.9)).toBe('0:07');
    expect(formatClock(270)).toBe('4:30');
    expect(formatClock(3599.99)).toBe('59:59');
  });
  it('shows h:mm:ss from an hour on', () => {
    expect(formatClock(3600)).toBe('1:00:00');
    expect(formatClock(3723)).toBe('1:02:03');
  });
  it('shows a placeholder when unknown or endless', () => {
    expect(formatClock(null)).toBe('–:––');
    expect(formatClock(Number.NaN)).toBe('–:––');
    expect(formatClock(Number.POSITIVE_INFINITY)).toBe('–:––');
  });
});

describe('truncate', () => {
  it('cuts long texts and adds an ellipsis', () => {
    expect(truncate('abcdef', 3)).toBe('abc…');
    expect(truncate('abc', 3)).toBe('abc');
  });
});

describe('formatWait', () => {
  it('uses seconds under a minute', () => {
    expect(formatWait(1)).toBe('1 Sekunde');
    expect(formatWait(30)).toBe('30 Sekunden');
    expect(formatWait(59.2)).toBe('etwa 1 Minute');
  });

  it('rounds up to minutes from a minute on', () => {
    expect(formatWait(60)).toBe('etwa 1 Minute');
    expect(formatWait(873)).toBe('etwa 15 Minuten');
    expect(formatWait(3540)).toBe('etwa 59 Minuten');
  });

  it('uses hours from an hour on', () => {
    expect(formatWait(3600)).toBe('etwa 1 Stunde');
    expect(formatWait(7200)).toBe('etwa 2 Stunden');
  });
});

describe('formatNumber', () => {
  it('groups thousands with a dot and shows no decimals', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(12345)).toBe('12.345');
    expect(formatNumber(500000)).toBe('500.000');
    expect(formatNumber(Number.NaN)).toBe('0');
  });
});

describe('formatBytes', () => {
  it('says sizes in decimal units with one German decimal', () => {
    expect(formatBytes(850)).toBe('850 Byte');
    expect(formatBytes(12_300)).toBe('12,3 KB');
    expect(formatBytes(4_500_000)).toBe('4,5 MB');
    expect(formatBytes(20_000_000)).toBe('20 MB');
    expect(formatBytes(1_234_000_000)).toBe('1,2 GB');
  });

  it('shows a dash for an unknown size', () => {
    expect(formatBytes(null)).toBe('–');
    expect(formatBytes(-1)).toBe('–');
  });
});
