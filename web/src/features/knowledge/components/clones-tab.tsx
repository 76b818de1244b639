import { AudioLines, Filter, Mic2 } from 'lucide-react';
import { useState } from 'react';
import { StatCard, StatGrid } from '@/components/library/stat-card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useLibraryStats } from '@/lib/library';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useVoiceList } from '@/lib/voices';
import { CloneVoiceCards } from './clone-voice-cards';
import { KB_REFRESH_MS, LibraryList } from './library-list';

const ALL = 'all';

/** "Klone": the audios made with cloned voices, filtered by voice and text. */
export function ClonesTab() {
  const voices = useVoiceList();
  const stats = useLibraryStats({ refetchInterval: KB_REFRESH_MS });
  const clones = (voices.data?.voices ?? []).filter((v) => v.type === 'clone');
  const [voice, setVoice] = useState(ALL);
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const current = clones.find((v) => v.id === voice);
  return (
    <div className="flex flex-col gap-6">
      <StatGrid columns={3}>
        <StatCard label="Geklonte Stimmen" value={clones.length} hint="Verfügbar" icon={Mic2} testId="clones-stat-voices" />
        <StatCard label="Audios mit Klonen" value={(stats.data?.clone_audios ?? 0).toLocaleString('de-DE')} hint="Generiert" icon={AudioLines} testId="clones-stat-audios" />
        <StatCard label={current ? current.name : 'Alle Stimmen'} value={current ? current.language : clones.length} hint="Aktueller Filter" icon={Filter} testId="clones-stat-filter" />
      </StatGrid>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor="clones-search">Text durchsuchen</Label>
          <Input id="clones-search" type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Text der Audios…" />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="clones-voice">Stimme</Label>
          <Select
            id="clones-voice"
            value={voice}
            onValueChange={setVoice}
            options={[{ value: ALL, label: 'Alle geklonten Stimmen' }, ...clones.map((v) => ({ value: v.id, label: `${v.name} (${v.language})` }))]}
            data-testid="clones-voice"
          />
        </div>
      </div>
      <CloneVoiceCards voices={clones} selected={voice} onSelect={(id) => setVoice(id === voice ? ALL : id)} />
      <LibraryList
        key={voice}
        filters={{ voice_type: 'clone', voice: voice === ALL ? undefined : voice, q }}
        title="Audios mit geklonten Stimmen"
        loadingText="Lädt Audios..."
        emptyText="Keine Audios mit geklonten Stimmen gefunden"
      />
    </div>
  );
}
