import { useState } from 'react';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { OWN_VOICE } from '../../utils/wizard';
import type { StepProps } from './types';

/** Step 2: whose voice it is ("Meine eigene Stimme" or the person's name). */
export function SourceStep({ values, onChange }: StepProps) {
  const [touched, setTouched] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <FormField
        label="Klonquelle"
        hint="Wessen Stimme wird geklont? Zum Beispiel „Meine eigene Stimme“ oder der Name der sprechenden Person."
        error={touched && values.clonedFrom.trim() === '' ? 'Bitte geben Sie die Klonquelle an.' : undefined}
      >
        <Input
          value={values.clonedFrom}
          onChange={(e) => onChange({ clonedFrom: e.target.value })}
          onBlur={() => setTouched(true)}
          maxLength={100}
          required
          autoComplete="off"
          data-testid="clone-source"
        />
      </FormField>
      <div>
        <button
          type="button"
          className="text-sm text-primary underline-offset-4 hover:underline"
          onClick={() => onChange({ clonedFrom: OWN_VOICE })}
          data-testid="clone-source-own"
        >
          „{OWN_VOICE}“ übernehmen
        </button>
      </div>
    </div>
  );
}
