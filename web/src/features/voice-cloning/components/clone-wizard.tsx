import { useCallback, useEffect, useRef, useState } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import type { CloneSetup } from '../api/types';
import { useDraftAutosave } from '../hooks/use-draft-autosave';
import { useFinishWizard } from '../hooks/use-finish-wizard';
import { useWizardDraft } from '../hooks/use-wizard-draft';
import {
  fillConsentStatement,
  initialValues,
  isStepValid,
  speakerName,
  STEP_TITLES,
  TOTAL_STEPS,
  type WizardValues,
} from '../utils/wizard';
import { DraftBanner } from './draft-banner';
import { WizardNav } from './wizard-nav';
import { WizardProgress } from './wizard-progress';
import { WizardStepBody } from './wizard-step-body';

/** The seven steps of creating a voice clone, with the draft kept in this browser. */
export function CloneWizard({
  userId,
  userName,
  setup,
  autoResume = false,
}: {
  userId: string;
  /** Speaks the consent statement when the clone source is "Meine eigene Stimme". */
  userName: string;
  setup: CloneSetup;
  /** Continue a saved draft without asking (the clone list's "Fortsetzen" links here so). */
  autoResume?: boolean;
}) {
  const [step, setStep] = useState(1);
  const [values, setValues] = useState<WizardValues>(initialValues);
  const [revision, setRevision] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  // Bumped whenever the step heading should take the focus (a step change, a restored or discarded draft).
  const [focusRequest, setFocusRequest] = useState(0);
  const focusHeading = useCallback(() => setFocusRequest((n) => n + 1), []);
  const restored = useCallback(
    (from: { step: number; values: WizardValues }) => {
      setValues(from.values);
      setStep(from.step);
      focusHeading();
    },
    [focusHeading],
  );
  const { draft, choice, resume, discard } = useWizardDraft({ userId, autoResume, onRestored: restored, onDiscarded: focusHeading });

  const trainingText = [...setup.training_texts].sort((a, b) => a.step_number - b.step_number)[0];
  const statement = fillConsentStatement(setup.consent_statement, speakerName(values.clonedFrom, userName));

  const autosave = useDraftAutosave({ userId, step, values, revision, enabled: choice === 'decided' });
  const { finish, pending } = useFinishWizard({
    userId,
    values,
    trainingText,
    consentStatement: statement,
    onDone: autosave.cancel,
  });

  const change = useCallback((patch: Partial<WizardValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setRevision((r) => r + 1);
  }, []);

  const goTo = (next: number) => {
    focusHeading();
    setStep(Math.min(TOTAL_STEPS, Math.max(1, next)));
    setRevision((r) => r + 1);
  };

  // Not on the first render: the page heading has the focus then.
  useEffect(() => {
    if (focusRequest > 0) heading.current?.focus();
  }, [focusRequest]);

  const valid = isStepValid(step, values);

  return (
    <>
      {draft && choice !== 'decided' && (
        <DraftBanner draft={draft} busy={choice === 'restoring'} onResume={resume} onDiscard={() => void discard()} />
      )}
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          {/* Enter in a field means "Weiter" (only while the step is valid). */}
          <form
            noValidate
            className="flex flex-col gap-6"
            onSubmit={(e) => {
              e.preventDefault();
              if (valid && step < TOTAL_STEPS) goTo(step + 1);
            }}
          >
            <WizardProgress step={step} />
            <h2
              ref={heading}
              tabIndex={-1}
              className="text-lg font-semibold focus:outline-none"
              data-testid="wizard-step-title"
            >
              {STEP_TITLES[step]}
            </h2>
            <WizardStepBody step={step} values={values} onChange={change} setup={setup} trainingText={trainingText} statement={statement} />
            <WizardNav
              step={step}
              valid={valid}
              busy={pending}
              onBack={() => goTo(step - 1)}
              onFinish={() => void finish()}
            />
          </form>
        </CardContent>
      </Card>
    </>
  );
}
