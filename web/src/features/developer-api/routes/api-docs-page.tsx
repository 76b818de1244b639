import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api-client';
import { useVoiceList } from '@/lib/voices';
import { developerKeys } from '../api/keys';
import { ErrorShapesSection } from '../components/error-shapes-section';
import { Markdown } from '../components/markdown';
import { OperationItem } from '../components/operation-item';
import { DEVELOPER_TAGS, operationsOf, tagDescription, type OpenApiDocument, type Operation } from '../utils/openapi';

const TAG_TITLES: Record<string, string> = { v1: 'Entwickler-API (/v1)', openai: 'OpenAI-kompatible Sprachausgabe' };

type Shared = { doc: OpenApiDocument; apiKey: string; voice: string };

/** The routes of one tag, under its title and the document's description of it. */
function TagSection({ tag, operations, doc, apiKey, voice }: Shared & { tag: string; operations: Operation[] }) {
  return (
    <section aria-labelledby={`tag-${tag}`} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id={`tag-${tag}`} className="text-lg font-semibold">
          {TAG_TITLES[tag] ?? `Bereich „${tag}“`}
        </h2>
        <Markdown text={tagDescription(doc, tag)} className="text-sm text-muted-foreground" />
      </div>
      <ul className="flex flex-col gap-2">
        {operations.map((o) => (
          <OperationItem key={o.id} doc={doc} operation={o} apiKey={apiKey} voice={voice} />
        ))}
      </ul>
    </section>
  );
}

/** The served OpenAPI document, rendered here (no CDN): the error shapes first, then every route with "Ausprobieren" for the key routes. */
export function ApiDocsPage() {
  const doc = useQuery({ queryKey: [...developerKeys.all, 'openapi'], queryFn: () => api.get<OpenApiDocument>('/api/openapi.json'), staleTime: Infinity });
  const voices = useVoiceList();
  const [apiKey, setApiKey] = useState('');
  const [showAll, setShowAll] = useState(false);
  const voice = voices.data?.voices.find((v) => v.available && v.language === 'de-DE')?.key ?? 'local-de-klara';
  const all = doc.data ? operationsOf(doc.data) : [];
  const developer = all.filter((o) => DEVELOPER_TAGS.includes(o.tag));
  const operations = showAll ? all : developer;
  const tags = [...new Set(operations.map((o) => o.tag))];
  return (
    <>
      <PageHeader title="API Dokumentation" description="Alle Routen aus dem OpenAPI-Dokument dieses Servers (/api/openapi.json)." />
      {doc.isPending ? (
        <Spinner />
      ) : doc.isError ? (
        <LoadErrorAlert title="Dokument konnte nicht geladen werden" error={doc.error} onRetry={() => void doc.refetch()} />
      ) : (
        <>
          <ErrorShapesSection operations={developer} />
          <Card className="mb-6">
            <CardContent className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-end">
              <div className="flex flex-1 flex-col gap-2">
                <Label htmlFor="docs-key">API-Schlüssel zum Ausprobieren</Label>
                <PasswordInput id="docs-key" value={apiKey} onChange={(e) => setApiKey(e.target.value)} placeholder="sw_…" autoComplete="off" data-testid="docs-key" />
              </div>
              <label className="inline-flex items-center gap-2 text-sm sm:mb-2">
                <input type="checkbox" className="size-4" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} /> Auch die Routen der Web-App zeigen
              </label>
            </CardContent>
          </Card>
          <div className="flex flex-col gap-8">
            {tags.map((tag) => (
              <TagSection key={tag} tag={tag} operations={operations.filter((o) => o.tag === tag)} doc={doc.data} apiKey={apiKey} voice={voice} />
            ))}
          </div>
        </>
      )}
    </>
  );
}
