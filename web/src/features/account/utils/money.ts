import { formatEuroFromCents } from '@/lib/format';

/** A booking's amount with its sign: "+1,00 €" for credits, "−0,08 €" (minus sign) for charges. */
export function formatSignedEuro(cents: number): string {
  if (cents > 0) return `+${formatEuroFromCents(cents)}`;
  if (cents < 0) return `\u2212${formatEuroFromCents(-cents)}`;
  return formatEuroFromCents(0);
}
