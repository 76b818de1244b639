import { AudioLines, Euro } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { formatCents } from '@/lib/format';
import { TOO_LONG_TITLE, tooLongMessage, type Limits } from '@/lib/limits';
import { JobLabelsFields } from './job-labels-fields';
import { PronunciationPreview } from './pronunciation-preview';
import { insufficientBalanceMessage, type TtsFormState } from '../hooks/use-tts-form';

/**
 * "Text eingeben": the text, its live count and price, and "Audio generieren". The text is
 * never cut: a text over the limit shows its real count in red and cannot be sent.
 */
export function TtsTextForm({ tts, limits, balanceCent }: { tts: TtsFormState; limits: Limits; balanceCent: number }) {
  const ids = { text: useId(), counter: useId(), problem: useId() };
  const max = limits.text_max_chars;
  return (
    <form noValidate aria-label="Audio generieren" onSubmit={tts.submit}>
      <Card className="flex flex-col">
        <CardHeader>
          <CardTitle>Text eingeben</CardTitle>
          <CardDescription>
            Kosten: 1 Cent pro {limits.chars_per_cent} Zeichen (mindestens {limits.min_cost_cent} Cent). Maximal{' '}
            {max.toLocaleString('de-DE')} Zeichen.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Label htmlFor={ids.text} className="sr-only">
            Text
          </Label>
          <Textarea
            id={ids.text}
            data-testid="tts-text"
            rows={7}
            placeholder="Geben Sie hier den Text ein, der in Sprache umgewandelt werden soll…"
            aria-describedby={tts.tooLong ? `${ids.counter} ${ids.problem}` : ids.counter}
            aria-invalid={tts.tooLong || undefined}
            className="min-h-40 resize-y"
            aria-keyshortcuts="Control+Enter"
            onKeyDown={(event) => {
              // Ctrl+Enter (⌘+Enter) generates, as in the editors people write in.
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                void tts.submit();
              }
            }}
            {...tts.form.register('text')}
          />
          <PronunciationPreview text={tts.text} voiceId={tts.selection.voiceId} language={tts.selection.language} />
          <JobLabelsFields tts={tts} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              <span
                id={ids.counter}
                className={cn('tabular-nums', tts.tooLong ? 'font-semibold text-destructive' : 'text-muted-foreground')}
                data-testid="tts-counter"
                data-over-limit={tts.tooLong}
              >
                {tts.chars}/{max} Zeichen
              </span>
              <span
                className={cn('inline-flex items-center gap-1.5 font-medium tabular-nums', tts.overBalance ? 'text-destructive' : 'text-foreground')}
                data-testid="tts-cost"
              >
                <Euro className="size-4" aria-hidden="true" />
                Kosten: {formatCents(tts.cost)}
              </span>
            </div>
            <Button type="submit" size="lg" data-testid="tts-submit" loading={tts.pending} disabled={tts.tooLong}>
              {!tts.pending && <AudioLines aria-hidden="true" />}
              Audio generieren
            </Button>
          </div>
          {tts.tooLong ? (
            <div id={ids.problem}>
              <Alert variant="error" title={TOO_LONG_TITLE}>
                {tooLongMessage(max, tts.chars)}
              </Alert>
            </div>
          ) : (
            tts.overBalance && (
              <p id={ids.problem} className="text-xs text-destructive">
                {insufficientBalanceMessage(tts.cost, balanceCent)}
              </p>
            )
          )}
        </CardContent>
      </Card>
    </form>
  );
}
