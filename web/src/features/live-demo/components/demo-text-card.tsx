import { AudioLines } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { DemoFormState } from '../hooks/use-demo-form';
import { AudioResult } from './audio-result';
import { LimitNotice } from './limit-notice';

/** "Text eingeben": text, counter (red over the limit), generate, and the result. */
export function DemoTextCard({ demo }: { demo: DemoFormState }) {
  const ids = { text: useId(), counter: useId() };
  const { audio } = demo;
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle>Text eingeben</CardTitle>
        <CardDescription>Bis zu {demo.maxChars} Zeichen pro Test. Das Ergebnis können Sie anhören und herunterladen.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.text} className="sr-only">
            Text
          </Label>
          <Textarea
            id={ids.text}
            data-testid="demo-text"
            rows={5}
            placeholder="Geben Sie einen kurzen Text ein, z. B. „Willkommen bei Stimmwerk!“"
            aria-describedby={ids.counter}
            aria-invalid={demo.overLimit || undefined}
            className="min-h-36"
            {...demo.form.register('text')}
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Badge
              id={ids.counter}
              variant={demo.overLimit ? 'destructive' : 'neutral'}
              data-testid="demo-counter"
              data-over-limit={demo.overLimit}
              className="tabular-nums"
            >
              {demo.chars}/{demo.maxChars}
            </Badge>
            <Button type="submit" size="lg" data-testid="demo-generate" loading={demo.pending} disabled={demo.limitReached}>
              {!demo.pending && <AudioLines aria-hidden="true" />}
              {demo.pending ? 'Wird generiert...' : 'Audio generieren'}
            </Button>
          </div>
        </div>
        {demo.limitReached && <LimitNotice message={demo.limitMessage} />}
        <AudioResult state={demo.pending ? 'generating' : audio ? 'ready' : 'idle'} src={audio?.url ?? null} onDownload={demo.download} />
      </CardContent>
    </Card>
  );
}
