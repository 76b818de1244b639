import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

export type LabelKind = 'category' | 'tag';

const RULES: Record<LabelKind, { max: number; blank: string; label: string }> = {
  category: { max: 80, blank: 'Bitte geben Sie einen Kategorienamen ein.', label: 'Name der Kategorie' },
  tag: { max: 50, blank: 'Bitte geben Sie einen Tag-Namen ein.', label: 'Name des Tags' },
};

/** A category or tag name: non-blank after trimming, at most 80 (categories) or 50 (tags) characters. */
export function labelNameSchema(kind: LabelKind) {
  const { max, blank } = RULES[kind];
  return z.object({
    name: z
      .string()
      .transform((v) => v.trim())
      .pipe(z.string().min(1, blank).max(max, `Höchstens ${max} Zeichen.`)),
    global: z.boolean(),
  });
}

export type LabelNameValues = { name: string; global: boolean };

/** The name form of the managers: create (with "Global" for admins) or rename in place. */
export function LabelNameForm({
  kind,
  initialName = '',
  allowGlobal = false,
  submitLabel,
  pending,
  serverError,
  onSubmit,
  onCancel,
  testId,
}: {
  kind: LabelKind;
  initialName?: string;
  allowGlobal?: boolean;
  submitLabel: string;
  pending: boolean;
  serverError?: string;
  onSubmit: (values: LabelNameValues, reset: () => void) => void;
  onCancel?: () => void;
  testId: string;
}) {
  const form = useForm<z.input<ReturnType<typeof labelNameSchema>>, unknown, LabelNameValues>({
    resolver: zodResolver(labelNameSchema(kind)),
    defaultValues: { name: initialName, global: false },
  });
  const error = form.formState.errors.name?.message ?? serverError;
  return (
    <form
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={form.handleSubmit((values) => onSubmit(values, () => form.reset({ name: '', global: false })))}
      aria-label={submitLabel}
    >
      <FormField label={RULES[kind].label} error={error} className="flex-1">
        <Input autoComplete="off" maxLength={RULES[kind].max + 20} {...form.register('name')} data-testid={`${testId}-name`} />
      </FormField>
      {allowGlobal && (
        <label className="inline-flex items-center gap-2 text-sm sm:mt-9">
          <input type="checkbox" className="size-4" {...form.register('global')} data-testid={`${testId}-global`} /> Global
        </label>
      )}
      <div className="flex gap-2 sm:mt-7">
        <Button type="submit" loading={pending} data-testid={`${testId}-submit`}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Abbrechen
          </Button>
        )}
      </div>
    </form>
  );
}
