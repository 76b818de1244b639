import { useState } from 'react';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { StepProps } from './types';

/** Step 1: the clone's name (required) and an optional description. */
export function NameStep({ values, onChange }: StepProps) {
  const [touched, setTouched] = useState(false);
  return (
    <div className="flex flex-col gap-5">
      <FormField label="Name der Stimme" error={touched && values.name.trim() === '' ? 'Bitte geben Sie einen Namen ein.' : undefined}>
        <Input
          value={values.name}
          onChange={(e) => onChange({ name: e.target.value })}
          onBlur={() => setTouched(true)}
          maxLength={100}
          required
          autoComplete="off"
          placeholder="z. B. Meine Sprecherstimme"
          data-testid="clone-name"
        />
      </FormField>
      <FormField label="Beschreibung (optional)">
        <Textarea
          value={values.description}
          onChange={(e) => onChange({ description: e.target.value })}
          maxLength={500}
          rows={3}
          data-testid="clone-description"
        />
      </FormField>
    </div>
  );
}
