/**
 * Euros as typed by people ("5", "5,00", "+5,5", "-2,50", "1.234,56", "5.00") to integer
 * cents; null when it is no amount with at most two decimals.
 */
export function parseEuroToCents(input: string): number | null {
  let text = input.trim().replace(/\s|€/g, '');
  if (text === '') return null;
  let sign = 1;
  if (text.startsWith('-') || text.startsWith('−')) sign = -1;
  if (/^[+\-−]/.test(text)) text = text.slice(1);
  // "1.234,56": dots group thousands; a lone "5.00" uses the dot as decimal separator.
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(text)) text = text.replace(/\./g, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign * cents;
}
