import { Pause, Play } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Slider } from '@/components/ui/slider';
import { charsPerSecond, formatReadingTime, readingSeconds } from '../../utils/teleprompter-pace';
import { clampTo, SCROLL_SPEED, TEXT_SIZE } from '../../utils/wizard';
import { Teleprompter } from '../teleprompter';
import type { StepProps } from './types';

/** Step 3: text size and scroll speed of the teleprompter, with a live preview. */
export function TeleprompterStep({ values, onChange, text }: StepProps & { text: string }) {
  const sizeId = useId();
  const speedId = useId();
  const paceId = useId();
  const [previewing, setPreviewing] = useState(false);
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between">
            <Label htmlFor={sizeId}>Textgröße</Label>
            <span className="text-sm tabular-nums text-muted-foreground">{values.textSize} px</span>
          </div>
          <Slider
            id={sizeId}
            min={TEXT_SIZE.min}
            max={TEXT_SIZE.max}
            step={TEXT_SIZE.step}
            value={values.textSize}
            onChange={(e) => onChange({ textSize: clampTo(Number(e.target.value), TEXT_SIZE) })}
            aria-valuetext={`${values.textSize} Pixel`}
            data-testid="text-size"
          />
        </div>
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between">
            <Label htmlFor={speedId}>Scroll-Geschwindigkeit</Label>
            <span className="text-sm tabular-nums text-muted-foreground">{values.scrollSpeed} %</span>
          </div>
          <Slider
            id={speedId}
            min={SCROLL_SPEED.min}
            max={SCROLL_SPEED.max}
            step={SCROLL_SPEED.step}
            value={values.scrollSpeed}
            onChange={(e) => onChange({ scrollSpeed: clampTo(Number(e.target.value), SCROLL_SPEED) })}
            aria-valuetext={`${values.scrollSpeed} Prozent`}
            aria-describedby={paceId}
            data-testid="scroll-speed"
          />
          {/* What the percentage means: a reading pace, and how long the text takes at it. */}
          <p id={paceId} className="text-xs text-muted-foreground" data-testid="reading-pace">
            {`Etwa ${Math.round(charsPerSecond(values.scrollSpeed))} Zeichen pro Sekunde (${SCROLL_SPEED.default} % = ruhiges Vorlesetempo). `}
            {text.trim() !== '' && `Vorlesezeit des Trainingstexts: ${formatReadingTime(readingSeconds(text, values.scrollSpeed))}.`}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between">
          <span className="text-sm font-medium">Vorschau</span>
          <Button variant="outline" size="sm" onClick={() => setPreviewing((p) => !p)} aria-pressed={previewing} data-testid="preview-scroll">
            {previewing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            {previewing ? 'Vorschau anhalten' : 'Vorschau abspielen'}
          </Button>
        </div>
        <Teleprompter
          text={text}
          textSize={values.textSize}
          scrollSpeed={values.scrollSpeed}
          running={previewing}
          label="Teleprompter-Vorschau"
          data-testid="teleprompter-preview"
        />
      </div>
    </div>
  );
}
