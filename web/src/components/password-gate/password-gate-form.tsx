import { ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { cn } from '@/lib/cn';

type PasswordValues = { password: string };

export type PasswordGateField = {
  form: UseFormReturn<PasswordValues>;
  /** Empties the field: a refused password is not kept. */
  clear: () => void;
  focus: () => void;
};

/** The gate's password field; its owner clears (and may focus) it after a refused try. */
export function usePasswordGateField(): PasswordGateField {
  const form = useForm<PasswordValues>({ defaultValues: { password: '' } });
  // The field the person came for gets the focus (react-hook-form's setFocus, not autoFocus).
  useEffect(() => form.setFocus('password'), [form]);
  const clear = useCallback(() => form.setValue('password', ''), [form]);
  const focus = useCallback(() => form.setFocus('password'), [form]);
  return useMemo(() => ({ form, clear, focus }), [form, clear, focus]);
}

type PasswordGateFormProps = {
  field: PasswordGateField;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** Prefix of the test ids: `<testId>-password`, `-submit` and `-failures`. */
  testId: string;
  failures: number;
  maxFailures: number;
  /** Too many wrong tries: nothing can be sent until the wait is over. */
  locked: boolean;
  /** A try (or what follows it) is under way. */
  busy: boolean;
  inputDisabled: boolean;
  /** Why the last try was refused, or the lock notice. */
  message: string | null;
  onSubmit: (password: string) => void;
  className?: string;
};

/**
 * One password, "Zugang gewähren" and the count of wrong tries: the form of the site
 * password gate and of the admin's password re-entry. The owner decides what a try means.
 */
export function PasswordGateForm(props: PasswordGateFormProps) {
  const { field, label, submitLabel, testId, failures, maxFailures, locked, busy, inputDisabled, message, onSubmit, className } = props;
  const passwordId = useId();
  const errorId = `${passwordId}-error`;
  const password = useWatch({ control: field.form.control, name: 'password' }) ?? '';
  const submit = field.form.handleSubmit((values) => {
    if (!locked && values.password !== '') onSubmit(values.password);
  });
  return (
    <form noValidate aria-label={label} onSubmit={submit} className={cn('flex flex-col gap-4', className)}>
      <div className="flex flex-col gap-2">
        <Label htmlFor={passwordId}>Passwort</Label>
        <PasswordInput
          id={passwordId}
          autoComplete="current-password"
          disabled={inputDisabled}
          data-testid={`${testId}-password`}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          {...field.form.register('password')}
        />
        <FieldError id={errorId} message={message ?? undefined} />
      </div>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={busy}
        disabled={locked || password === ''}
        data-testid={`${testId}-submit`}
      >
        {!busy && !locked && <ShieldCheck aria-hidden="true" />}
        {locked ? 'Gesperrt...' : submitLabel}
      </Button>
      <p
        className={cn('text-center text-xs tabular-nums', failures > 0 ? 'text-destructive' : 'text-muted-foreground')}
        data-testid={`${testId}-failures`}
      >
        Fehlversuche: {failures}/{maxFailures}
      </p>
    </form>
  );
}
