import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { programRequest } from '@/lib/api-client';
import type { Operation } from '../utils/openapi';
import { statusMeaning } from '../utils/status-codes';

type Result = { status: number; text?: string; audioUrl?: string };

/** Sends the operation with the pasted key, as a program would (no cookies), and shows the answer. */
export function TryIt({ operation, apiKey, initialBody }: { operation: Operation; apiKey: string; initialBody: Record<string, unknown> | null }) {
  const id = useId();
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const [values, setValues] = useState<Record<string, string>>({});
  const [query, setQuery] = useState('');
  const [body, setBody] = useState(initialBody ? JSON.stringify(initialBody, null, 2) : '');
  const [result, setResult] = useState<Result | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => () => void (result?.audioUrl && URL.revokeObjectURL(result.audioUrl)), [result]);

  const send = async () => {
    setSending(true);
    try {
      const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
      const response = await programRequest(`${path}${query.trim() ? `?${query.trim().replace(/^\?/, '')}` : ''}`, {
        method: operation.method,
        apiKey: apiKey.trim(),
        body: operation.method === 'GET' || !body.trim() ? undefined : body,
      });
      const type = response.headers.get('content-type') ?? '';
      if (type.startsWith('audio/')) {
        setResult({ status: response.status, audioUrl: URL.createObjectURL(await response.blob()) });
      } else {
        const text = await response.text();
        let pretty = text;
        try {
          pretty = JSON.stringify(JSON.parse(text), null, 2);
        } catch {
          // Not JSON: shown as it came.
        }
        setResult({ status: response.status, text: pretty });
      }
    } catch (e) {
      setResult({ status: 0, text: `Keine Verbindung: ${String(e)}` });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border p-3" data-testid="try-it">
      {pathParams.map((p) => (
        <div key={p.name} className="flex flex-col gap-1">
          <Label htmlFor={`${id}-${p.name}`}>{p.name}</Label>
          <Input id={`${id}-${p.name}`} value={values[p.name] ?? ''} onChange={(e) => setValues({ ...values, [p.name]: e.target.value })} />
        </div>
      ))}
      {operation.method === 'GET' && (
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-query`}>Abfrage (optional)</Label>
          <Input id={`${id}-query`} placeholder="z. B. status=completed&limit=5" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
      )}
      {operation.body && (
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-body`}>JSON-Inhalt</Label>
          <Textarea id={`${id}-body`} rows={5} className="font-mono text-xs" value={body} onChange={(e) => setBody(e.target.value)} />
        </div>
      )}
      <Button className="self-start" loading={sending} disabled={!apiKey.trim()} onClick={() => void send()} data-testid="try-it-send">
        {apiKey.trim() ? 'Senden' : 'Erst API-Schlüssel oben eingeben'}
      </Button>
      {result && (
        <div className="flex flex-col gap-2" aria-live="polite">
          <p className="text-sm font-medium" data-testid="try-it-status">
            Antwort: {result.status ? `${result.status} – ${statusMeaning(result.status, operation.usesKey)}` : 'keine'}
          </p>
          {result.audioUrl ? (
            // eslint-disable-next-line jsx-a11y/media-has-caption -- the text sent is the transcript
            <audio controls src={result.audioUrl} data-testid="try-it-audio" />
          ) : (
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling block must be reachable by keyboard (axe: scrollable-region-focusable)
            <pre className="max-h-72 overflow-auto rounded-md bg-muted p-3 text-xs" tabIndex={0} aria-label="Antwort">
              {result.text}
            </pre>
          )}
        </div>
      )}
    </div>
  );
}
