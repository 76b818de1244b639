import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { STEP_HINTS, TOTAL_STEPS } from '../utils/wizard';

/**
 * "Zurück" (not on step 1), "Weiter" (submits the wizard's form) while the step is valid,
 * "Fertigstellen" on the last step.
 * While "Weiter" is disabled, a line says what is missing (and describes the button).
 */
export function WizardNav({
  step,
  valid,
  busy,
  onBack,
  onFinish,
}: {
  step: number;
  valid: boolean;
  busy: boolean;
  onBack: () => void;
  onFinish: () => void;
}) {
  const last = step === TOTAL_STEPS;
  const hintId = useId();
  const hint = valid ? undefined : STEP_HINTS[step];
  return (
    <div className="flex flex-col gap-2 border-t border-border pt-5">
      <div className="flex items-center justify-between gap-3">
        {step > 1 ? (
          <Button variant="outline" onClick={onBack} disabled={busy} data-testid="wizard-back">
            <ArrowLeft aria-hidden="true" /> Zurück
          </Button>
        ) : (
          <span />
        )}
        {last ? (
          <Button onClick={onFinish} disabled={!valid} loading={busy} data-testid="wizard-finish">
            <Check aria-hidden="true" /> Fertigstellen
          </Button>
        ) : (
          // Submits the wizard's form: its handler goes to the next step.
          <Button
            type="submit"
            disabled={!valid || busy}
            aria-describedby={hint ? hintId : undefined}
            data-testid={`wizard-next-step-${step}`}
          >
            Weiter <ArrowRight aria-hidden="true" />
          </Button>
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-right text-xs text-muted-foreground" data-testid="wizard-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
