import { Checkbox } from '@/components/ui/checkbox';
import { formatEuroFromCents } from '@/lib/format';
import type { Consents } from '../../utils/wizard';
import { RecorderPanel } from '../recorder-panel';
import type { StepProps } from './types';

const BOXES: Array<{ key: keyof Consents; testId: string; label: (fee: string) => string }> = [
  {
    key: 'ownVoice',
    testId: 'consent-own-voice',
    label: () =>
      'Ich bestätige, dass es sich um meine eigene Stimme handelt oder dass mir die ausdrückliche Erlaubnis der sprechenden Person vorliegt.',
  },
  {
    key: 'usage',
    testId: 'consent-usage',
    label: () =>
      'Ich willige ein, dass die Aufnahmen zur Sprachgenerierung auf dieser Plattform verwendet werden. Die geklonte Stimme steht nur mir bzw. meiner Organisation zur Verfügung.',
  },
  {
    key: 'terms',
    testId: 'consent-terms',
    label: (fee) => `Ich akzeptiere die Nutzungsbedingungen und die Gebühr von ${fee} pro Monat je aktiver geklonter Stimme.`,
  },
];

/** Step 6: three required consents and the spoken consent statement, recorded and checked. */
export function ConsentStep({
  values,
  onChange,
  statement,
  monthlyFeeCent,
  maxSeconds,
  serverTexts,
}: StepProps & {
  statement: string;
  monthlyFeeCent: number;
  maxSeconds: number;
  /** The server's three consent texts (stored with the clone as given); else the wizard's own. */
  serverTexts?: string[];
}) {
  const fee = formatEuroFromCents(monthlyFeeCent);
  const texts = serverTexts?.length === BOXES.length && serverTexts.every((t) => t.trim() !== '') ? serverTexts : null;
  return (
    <div className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-sm font-medium">Einwilligungen (alle erforderlich)</legend>
        {BOXES.map((box, i) => (
          <Checkbox
            key={box.key}
            checked={values.consents[box.key]}
            onChange={(e) => onChange({ consents: { ...values.consents, [box.key]: e.target.checked } })}
            required
            label={texts?.[i] ?? box.label(fee)}
            data-testid={box.testId}
          />
        ))}
      </fieldset>
      <section className="flex flex-col gap-3" aria-labelledby="consent-statement-heading">
        <h3 id="consent-statement-heading" className="text-sm font-medium">
          Einwilligungserklärung laut vorlesen
        </h3>
        <p className="text-sm text-muted-foreground">
          Die sprechende Person liest die folgende Erklärung mit ihrer Stimme vor. Die Aufnahme wird als Nachweis der
          Einwilligung gespeichert.
        </p>
        <blockquote
          className="rounded-lg border-l-4 border-primary bg-muted/60 px-4 py-3 leading-relaxed"
          style={{ fontSize: `${values.textSize}px` }}
          data-testid="consent-statement"
        >
          {statement}
        </blockquote>
        <RecorderPanel
          recording={values.consentRecording}
          onChange={(consentRecording) => onChange({ consentRecording })}
          maxSeconds={maxSeconds}
        />
      </section>
    </div>
  );
}
