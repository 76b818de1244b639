/** Formatting helpers for the German UI. */

const euroNumber = new Intl.NumberFormat('de-DE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Euros from integer cents with two decimals: 100 → "1,00 €", 123456 → "1.234,56 €". */
export function formatEuroFromCents(cents: number): string {
  const safe = Number.isFinite(cents) ? Math.trunc(cents) : 0;
  return `${euroNumber.format(safe / 100)} €`;
}

/** "1 Cent" / "12 Cent" (German uses "Cent" for singular and plural). */
/** A price: in cents below one euro ("25 Cent"), in euros from one euro on ("3,92 €"). */
export function formatCents(cents: number): string {
  return Math.abs(cents) >= 100 ? formatEuroFromCents(cents) : `${cents.toLocaleString('de-DE')} Cent`;
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** German date, e.g. "21.11.2026"; "Unbekannt" when missing or invalid. */
export function formatDate(value: string | Date | null | undefined, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return 'Unbekannt';
  return new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(date);
}

/** German date and time, e.g. "21.11.2026, 14:05"; "Unbekannt" when missing or invalid. */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return 'Unbekannt';
  return new Intl.DateTimeFormat('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(date);
}

const oneDecimal = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * Audio length: "4,2 s" below a minute, "3:15 min" above (past an hour "1:02:03 min");
 * "–" when unknown. Whole seconds are counted as the player's clock counts them
 * ([`formatClock`]), so a list and its player never show one audio as 3:16 and 3:15.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '–';
  if (seconds < 60) return `${oneDecimal.format(seconds)} s`;
  return `${formatClock(seconds)} min`;
}

/**
 * A player's clock: "0:07", "4:30", past an hour "1:02:03"; seconds are cut, not rounded,
 * so the position never reads later than it is. "–:––" when unknown.
 */
export function formatClock(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '–:––';
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Unicode characters (code points), as the server counts them: "🙂" is 1, not 2. */
export function countChars(text: string): number {
  return Array.from(text).length;
}

/** Cuts a text to `max` characters (Unicode code points) and adds an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}

/**
 * A waiting time for people: under a minute in seconds ("30 Sekunden", "1 Sekunde"),
 * otherwise rounded up to minutes ("etwa 15 Minuten", "etwa 1 Minute"), from an hour on
 * in hours and minutes ("etwa 2 Stunden").
 */
export function formatWait(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 Sekunde' : `${s} Sekunden`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return minutes === 1 ? 'etwa 1 Minute' : `etwa ${minutes} Minuten`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? 'etwa 1 Stunde' : `etwa ${hours} Stunden`;
}

const integer = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });

/** A count with German grouping: 12345 → "12.345". */
export function formatNumber(value: number): string {
  return integer.format(Number.isFinite(value) ? value : 0);
}

const sizeNumber = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

/** A file size in decimal units, as file managers show them: "850 Byte", "12,3 KB", "4,5 MB", "1,2 GB". */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '–';
  if (bytes < 1000) return `${Math.round(bytes)} Byte`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${sizeNumber.format(value)} ${units[unit]}`;
}
