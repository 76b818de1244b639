import { useId } from 'react';
import { formatRate, normalizeRate, RATE_DEFAULT, RATE_MAX, RATE_MIN, RATE_STEP } from '@/lib/speech-rate';
import { Label } from './label';
import { Slider } from './slider';

export type SpeechRateControlProps = {
  value: number | undefined;
  onChange: (rate: number) => void;
  id?: string;
  'data-testid'?: string;
};

/** "Sprechgeschwindigkeit" slider (0.7–1.3, step 0.1) for voices that support a rate. */
export function SpeechRateControl({ value, onChange, id, 'data-testid': testId = 'rate-control' }: SpeechRateControlProps) {
  const generated = useId();
  const sliderId = id ?? generated;
  const rate = value ?? RATE_DEFAULT;
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-muted/60 p-3" data-testid={testId}>
      <div className="flex items-center justify-between">
        <Label htmlFor={sliderId}>Sprechgeschwindigkeit</Label>
        <span className="text-sm tabular-nums text-muted-foreground">{formatRate(rate)}×</span>
      </div>
      <Slider
        id={sliderId}
        min={RATE_MIN}
        max={RATE_MAX}
        step={RATE_STEP}
        value={rate}
        onChange={(e) => onChange(normalizeRate(Number(e.target.value)))}
        aria-valuetext={`${formatRate(rate)}-fache Geschwindigkeit`}
      />
      <div className="flex justify-between text-xs text-muted-foreground">
        <span>Langsamer</span>
        <span>Schneller</span>
      </div>
    </div>
  );
}
