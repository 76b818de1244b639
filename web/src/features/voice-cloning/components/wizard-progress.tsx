import { Progress } from '@/components/ui/progress';
import { TOTAL_STEPS } from '../utils/wizard';

/** "Schritt n von 7" with a progress bar. */
export function WizardProgress({ step }: { step: number }) {
  const text = `Schritt ${step} von ${TOTAL_STEPS}`;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium text-muted-foreground" data-testid="wizard-step-label">
        {text}
      </p>
      <Progress
        value={step}
        min={0}
        max={TOTAL_STEPS}
        label="Fortschritt des Assistenten"
        valueText={text}
        data-testid="wizard-progress"
      />
    </div>
  );
}
