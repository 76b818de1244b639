import type { ProviderOption, Voice } from '@/lib/voices';

export type VoiceChoice = { value: string; label: string };
export type VoiceChoiceGroup = { label: string; options: VoiceChoice[] };

type ChoosableVoice = Pick<Voice, 'id' | 'name' | 'language' | 'provider' | 'type' | 'available'> & Partial<Pick<Voice, 'gender'>>;

const GENDERS: Record<string, string> = { male: 'männlich', female: 'weiblich' };

/** The group of the user's cloned voices: always after the stock voices. */
export const OWN_VOICES_LABEL = 'Eigene Stimmen';
/** The stock voices' group when they are not split by provider. */
export const STOCK_VOICES_LABEL = 'Stimmwerk-Stimmen';

/** "Jonas (de-DE)" in a list of several languages, else "Jonas (männlich)" where the gender is known. */
function choice(v: ChoosableVoice, withLanguage: boolean): VoiceChoice {
  const detail = withLanguage ? v.language : v.gender && GENDERS[v.gender];
  return { value: v.id, label: detail ? `${v.name} (${detail})` : v.name };
}

/**
 * The voice set now when it can no longer be used (or is unknown), so the select still
 * shows what is set; null when it is usable or nothing is set.
 */
export function unusableChoice(voices: Pick<Voice, 'id' | 'name' | 'available'>[], current: string | null): VoiceChoice | null {
  if (!current || voices.some((v) => v.id === current && v.available)) return null;
  const voice = voices.find((v) => v.id === current);
  return { value: current, label: voice ? `${voice.name} (nicht verfügbar)` : 'Unbekannte Stimme' };
}

/**
 * The usable voices a project, chapter or paragraph may be set to, in groups: the stock
 * voices first (by provider, in the order of `providers`, when it is given; else in one
 * group), then the user's own cloned voices under "Eigene Stimmen". A clone is never the
 * first option, so it is only chosen on purpose. `withLanguage` adds "(de-DE)" to each name
 * (for lists that mix languages); without it the gender is added where it is known.
 */
export function voiceChoiceGroups(
  voices: ChoosableVoice[],
  { providers, withLanguage = true }: { providers?: ProviderOption[]; withLanguage?: boolean } = {},
): VoiceChoiceGroup[] {
  const usable = voices.filter((v) => v.available);
  const stock = usable.filter((v) => v.type !== 'clone');
  const own = usable.filter((v) => v.type === 'clone');
  const groups: VoiceChoiceGroup[] = [];
  if (providers) {
    const order = providers.map((p) => p.value);
    const ids = [...new Set(stock.map((v) => v.provider))].sort((a, b) => rank(order, a) - rank(order, b));
    for (const id of ids) {
      groups.push({
        label: providers.find((p) => p.value === id)?.label ?? id,
        options: stock.filter((v) => v.provider === id).map((v) => choice(v, withLanguage)),
      });
    }
  } else {
    groups.push({ label: STOCK_VOICES_LABEL, options: stock.map((v) => choice(v, withLanguage)) });
  }
  groups.push({ label: OWN_VOICES_LABEL, options: own.map((v) => choice(v, withLanguage)) });
  return groups.filter((g) => g.options.length > 0);
}

function rank(order: string[], id: string): number {
  const at = order.indexOf(id);
  return at === -1 ? order.length : at;
}

export function voiceName(voices: Pick<Voice, 'id' | 'name'>[], id: string | null): string | null {
  return id ? (voices.find((v) => v.id === id)?.name ?? null) : null;
}
