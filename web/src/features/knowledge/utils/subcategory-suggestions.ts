/**
 * Sub-category suggestions per category key (spec: audio, podcast, voiceover, training, demo,
 * marketing, education). Static, offered as one-click chips when such a category is chosen;
 * the key is matched case-insensitively against the category's name, German names included.
 */
const SUGGESTIONS: Record<string, string[]> = {
  audio: ['Hörbuch', 'Ansage', 'Nachricht', 'Musik-Intro'],
  podcast: ['Intro', 'Outro', 'Folge', 'Werbeblock', 'Interview'],
  voiceover: ['Werbespot', 'Erklärvideo', 'Dokumentation', 'Trailer'],
  training: ['Onboarding', 'Schulung', 'Sicherheit', 'Produktwissen'],
  demo: ['Produktdemo', 'Kundenpräsentation', 'Test'],
  marketing: ['Social Media', 'Newsletter', 'Kampagne', 'Radiospot'],
  education: ['Lektion', 'Vokabeln', 'Zusammenfassung', 'Prüfungsvorbereitung'],
};

/** German names that stand for a key. */
const ALIASES: Record<string, string> = {
  hörbuch: 'audio',
  sprachaufnahme: 'voiceover',
  schulung: 'training',
  bildung: 'education',
  lernen: 'education',
};

export function suggestionKey(categoryName: string): string | null {
  const name = categoryName.trim().toLowerCase();
  if (name in SUGGESTIONS) return name;
  return ALIASES[name] ?? null;
}

/** The suggestions for a category, each marked `taken` when a child of that name exists (any case). */
export function subcategorySuggestions(categoryName: string, childNames: string[]): Array<{ name: string; taken: boolean }> {
  const key = suggestionKey(categoryName);
  if (!key) return [];
  const taken = new Set(childNames.map((n) => n.trim().toLowerCase()));
  return SUGGESTIONS[key].map((name) => ({ name, taken: taken.has(name.toLowerCase()) }));
}
