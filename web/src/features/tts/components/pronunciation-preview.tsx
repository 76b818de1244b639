import { Eye } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { type PronunciationPreview as Preview, usePronunciationPreview } from '../api/preview-pronunciation';

/** The server counts places in UTF-8 bytes; JavaScript strings count UTF-16 units. */
export function byteToIndex(text: string, byteOffset: number): number {
  const bytes = new TextEncoder().encode(text);
  return new TextDecoder().decode(bytes.slice(0, byteOffset)).length;
}

/** The spoken text with each change marked; hovering (or a screen reader) gives what was written. */
function Marked({ preview, typed }: { preview: Preview; typed: string }) {
  const parts: ReactNode[] = [];
  let at = 0;
  preview.changes.forEach((change, i) => {
    parts.push(<Fragment key={`t${i}`}>{typed.slice(at, byteToIndex(typed, change.start))}</Fragment>);
    const fromDictionary = change.source === 'dictionary';
    const how = fromDictionary ? 'Wörterbuch' : 'geschrieben';
    parts.push(
      <mark
        key={`m${i}`}
        title={`${how}: ${change.original}`}
        className={fromDictionary ? 'rounded bg-success-soft px-0.5 text-success' : 'rounded bg-primary-soft px-0.5 text-accent-foreground'}
        data-testid="pronunciation-change"
        data-source={change.source}
      >
        {change.spoken}
        <span className="sr-only">
          {' '}
          ({how}: {change.original})
        </span>
      </mark>,
    );
    at = byteToIndex(typed, change.end);
  });
  parts.push(<Fragment key="rest">{typed.slice(at)}</Fragment>);
  return <>{parts}</>;
}

/**
 * "Vorschau der Aussprache": how the chosen voice will read the text (numbers, dates, money,
 * abbreviations written out), before anything is paid. The price stays that of the typed text.
 */
export function PronunciationPreview({ text, voiceId, language }: { text: string; voiceId: string; language: string }) {
  const preview = usePronunciationPreview();
  const shownFor = preview.variables?.text;
  const current = preview.data && shownFor === text ? preview.data : null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          variant="outline"
          size="sm"
          disabled={text.trim() === ''}
          loading={preview.isPending}
          onClick={() => preview.mutate({ text, ...(voiceId ? { voice_id: voiceId } : { language }) })}
          data-testid="pronunciation-preview"
        >
          <Eye aria-hidden="true" /> Vorschau der Aussprache
        </Button>
        <p className="text-xs text-muted-foreground" data-testid="markup-hint">
          Pause: <code>[pause 500ms]</code> · Betonung: <code>*Wort*</code>
        </p>
      </div>
      {preview.isError && (
        <p className="text-sm text-destructive">{errorMessage(preview.error, 'Die Vorschau ist gerade nicht möglich.')}</p>
      )}
      {current && (
        <section aria-label="Vorschau der Aussprache" className="rounded-md border border-border bg-muted/40 p-3 text-sm" data-testid="pronunciation-result">
          {current.changes.length === 0 ? (
            <p className="text-muted-foreground">Der Text wird so gelesen, wie er geschrieben ist.</p>
          ) : (
            <>
              <p className="mb-1 text-xs text-muted-foreground">
                So wird der Text gesprochen ({current.changes.length} {current.changes.length === 1 ? 'Stelle' : 'Stellen'} angepasst;
                blau: Regeln für Zahlen, Daten und Abkürzungen, grün: Ihr Aussprache-Wörterbuch):
              </p>
              <p className="whitespace-pre-wrap leading-relaxed">
                <Marked preview={current} typed={text} />
              </p>
            </>
          )}
        </section>
      )}
    </div>
  );
}
