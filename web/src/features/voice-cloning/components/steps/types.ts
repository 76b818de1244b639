import type { WizardValues } from '../../utils/wizard';

/** What every step gets: the wizard's values and a way to change some of them. */
export type StepProps = {
  values: WizardValues;
  onChange: (patch: Partial<WizardValues>) => void;
};
