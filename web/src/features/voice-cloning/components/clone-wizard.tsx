import { useCallback, useEffect, useRef, useState } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { clearDraft, loadDraft, type VoiceCloneDraft } from '@/lib/voice-clone-draft';
import type { CloneSetup } from '../api/types';
import { useDraftAutosave } from '../hooks/use-draft-autosave';
import { useFinishWizard } from '../hooks/use-finish-wizard';
import { restoreWizardDraft } from '../utils/draft-store';
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
import { ActivationStep } from './steps/activation-step';
import { ConsentStep } from './steps/consent-step';
import { NameStep } from './steps/name-step';
import { PreviewStep } from './steps/preview-step';
import { RecordingStep } from './steps/recording-step';
import { SourceStep } from './steps/source-step';
import { TeleprompterStep } from './steps/teleprompter-step';
import { WizardNav } from './wizard-nav';
import { WizardProgress } from './wizard-progress';

type DraftChoice = 'pending' | 'restoring' | 'decided';

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
  const [draft] = useState<VoiceCloneDraft | null>(() => loadDraft(userId));
  const [choice, setChoice] = useState<DraftChoice>(draft ? (autoResume ? 'restoring' : 'pending') : 'decided');
  const heading = useRef<HTMLHeadingElement>(null);
  // Bumped whenever the step heading should take the focus (a step change, a restored or discarded draft).
  const [focusRequest, setFocusRequest] = useState(0);

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
    setFocusRequest((n) => n + 1);
    setStep(Math.min(TOTAL_STEPS, Math.max(1, next)));
    setRevision((r) => r + 1);
  };

  // Not on the first render: the page heading has the focus then.
  useEffect(() => {
    if (focusRequest > 0) heading.current?.focus();
  }, [focusRequest]);

  const restore = useCallback(async (from: VoiceCloneDraft) => {
    const restored = await restoreWizardDraft(from);
    setValues(restored.values);
    setStep(restored.step);
    setFocusRequest((n) => n + 1);
    setChoice('decided');
  }, []);

  const resume = () => {
    if (!draft) return;
    setChoice('restoring');
    void restore(draft);
  };

  // Asked to continue (and there is a draft of this user): restore it once, right away.
  const autoRestore = useRef(autoResume && draft !== null);
  useEffect(() => {
    if (!autoRestore.current || !draft) return;
    autoRestore.current = false;
    void restore(draft);
  }, [draft, restore]);

  const discard = async () => {
    setChoice('decided');
    // The banner and its button are gone: the focus goes on to the wizard.
    setFocusRequest((n) => n + 1);
    await clearDraft(userId);
  };

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
            <div data-testid={`wizard-step-${step}`}>
              {step === 1 && <NameStep values={values} onChange={change} />}
              {step === 2 && <SourceStep values={values} onChange={change} />}
              {step === 3 && <TeleprompterStep values={values} onChange={change} text={trainingText?.content ?? ''} />}
              {step === 4 && <RecordingStep values={values} onChange={change} text={trainingText} limits={setup} />}
              {step === 5 && <PreviewStep values={values} />}
              {step === 6 && (
                <ConsentStep
                  values={values}
                  onChange={change}
                  statement={statement}
                  monthlyFeeCent={setup.monthly_fee_cent}
                  maxSeconds={setup.max_seconds}
                  serverTexts={setup.consents}
                />
              )}
              {step === 7 && <ActivationStep values={values} setup={setup} />}
            </div>
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
