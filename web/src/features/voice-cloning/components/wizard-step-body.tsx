import type { CloneSetup } from '../api/types';
import type { WizardValues } from '../utils/wizard';
import { ActivationStep } from './steps/activation-step';
import { ConsentStep } from './steps/consent-step';
import { NameStep } from './steps/name-step';
import { PreviewStep } from './steps/preview-step';
import { RecordingStep } from './steps/recording-step';
import { SourceStep } from './steps/source-step';
import { TeleprompterStep } from './steps/teleprompter-step';

type WizardStepBodyProps = {
  step: number;
  values: WizardValues;
  onChange: (patch: Partial<WizardValues>) => void;
  setup: CloneSetup;
  trainingText: CloneSetup['training_texts'][number] | undefined;
  /** The consent statement with the speaker's name filled in. */
  statement: string;
};

/** The fields of the current step. */
export function WizardStepBody({ step, values, onChange, setup, trainingText, statement }: WizardStepBodyProps) {
  return (
    <div data-testid={`wizard-step-${step}`}>
      {step === 1 && <NameStep values={values} onChange={onChange} />}
      {step === 2 && <SourceStep values={values} onChange={onChange} />}
      {step === 3 && <TeleprompterStep values={values} onChange={onChange} text={trainingText?.content ?? ''} />}
      {step === 4 && <RecordingStep values={values} onChange={onChange} text={trainingText} limits={setup} />}
      {step === 5 && <PreviewStep values={values} />}
      {step === 6 && (
        <ConsentStep
          values={values}
          onChange={onChange}
          statement={statement}
          monthlyFeeCent={setup.monthly_fee_cent}
          maxSeconds={setup.max_seconds}
          serverTexts={setup.consents}
        />
      )}
      {step === 7 && <ActivationStep values={values} setup={setup} />}
    </div>
  );
}
