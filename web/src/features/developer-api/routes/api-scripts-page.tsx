import { useState } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useVoiceList } from '@/lib/voices';
import { newestActive, useApiKeys } from '../api/keys';
import { buildExamples } from '../utils/examples';

/** Copyable examples in five languages, filled with the user's key prefix and a real voice. */
export function ApiScriptsPage() {
  const keys = useApiKeys();
  const voices = useVoiceList();
  const usable = (voices.data?.voices ?? []).filter((v) => v.available && v.key);
  const [chosen, setChosen] = useState<string | null>(null);
  const voice = chosen ?? usable.find((v) => v.language === 'de-DE')?.key ?? usable[0]?.key ?? 'local-de-klara';
  const examples = buildExamples({ origin: window.location.origin, keyPrefix: newestActive(keys.data)?.prefix ?? null, voice });
  return (
    <>
      <PageHeader title="API Scripts" description="Beispiele zum Kopieren: direkt lauffähig, sobald STIMMWERK_API_KEY gesetzt ist." />
      <div className="mb-4 flex max-w-sm flex-col gap-2">
        <Label htmlFor="script-voice">Stimme in den Beispielen</Label>
        <Select id="script-voice" value={voice} onValueChange={setChosen} options={usable.map((v) => ({ value: v.key!, label: `${v.name} (${v.language}) · ${v.key}` }))} />
      </div>
      <Tabs defaultValue={examples[0].id}>
        {/* Five languages do not fit one row on a phone: the tabs wrap instead of overlapping. */}
        <TabsList wrap>
          {examples.map((e) => (
            <TabsTrigger key={e.id} value={e.id}>
              {e.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {examples.map((e) => (
          <TabsContent key={e.id} value={e.id}>
            <Card>
              <CardContent className="relative pt-5">
                <div className="absolute right-3 top-3">
                  <CopyButton value={e.code} label={`${e.label}-Beispiel kopieren`} copiedMessage="Kopiert" />
                </div>
                {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling block must be reachable by keyboard (axe: scrollable-region-focusable) */}
                <pre className="overflow-x-auto whitespace-pre pr-10 text-xs leading-relaxed" data-testid="script-code" tabIndex={0} aria-label={`Beispiel ${e.label}`}>
                  <code>{e.code}</code>
                </pre>
              </CardContent>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
