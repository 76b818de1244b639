import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form';
import { enableTwoFactorInputSchema, useEnableTwoFactor, type EnableTwoFactorInput } from '../api/enable-two-factor';
import type { TwoFactorSetup as Setup } from '../api/types';
import { groupKey, svgDataUrl } from '../utils/svg-data-url';
import { CopyButton } from '@/components/ui/copy-button';
import { errorResult, FormResultAlert, type FormResult } from './form-result';

type TwoFactorSetupProps = {
  setup: Setup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
};

/**
 * Step two of setting up: scan the QR code (or type the key), then confirm with a first
 * code and the current password (a borrowed session alone cannot switch it on).
 */
export function TwoFactorSetup({ setup, onEnabled, onCancel }: TwoFactorSetupProps) {
  const [result, setResult] = useState<FormResult | null>(null);
  const form = useForm<EnableTwoFactorInput>({ resolver: zodResolver(enableTwoFactorInputSchema), defaultValues: { code: '', password: '' } });

  const mutation = useEnableTwoFactor({
    mutationConfig: {
      onSuccess: ({ codes }) => onEnabled(codes),
      onError: (error) => {
        form.setValue('code', '');
        if (applyServerFieldErrors(error, form.setError, ['password', 'code'])) {
          const wrongPassword = isApiError(error) && Boolean(error.fields.password);
          if (wrongPassword) form.setValue('password', '');
          form.setFocus(wrongPassword ? 'password' : 'code');
          return;
        }
        setResult(errorResult(error, 'Nicht eingeschaltet'));
      },
    },
  });

  return (
    <div className="flex flex-col gap-5" data-testid="two-factor-setup">
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm">
        <li>Öffnen Sie eine Authenticator-App auf Ihrem Telefon (z. B. FreeOTP, Aegis oder Google Authenticator).</li>
        <li>Scannen Sie den QR-Code oder geben Sie den Schlüssel von Hand ein.</li>
        <li>Geben Sie den 6-stelligen Code ein, den die App anzeigt, und bestätigen Sie mit Ihrem Passwort.</li>
      </ol>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <img
          src={svgDataUrl(setup.qr_svg)}
          alt="QR-Code zum Einrichten der Zwei-Faktor-Anmeldung in Ihrer Authenticator-App"
          width={200}
          height={200}
          className="size-[200px] shrink-0 self-center rounded-lg border border-border bg-white p-2 sm:self-start"
          data-testid="two-factor-qr"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <p className="text-sm font-medium" id="two-factor-key-label">
              Schlüssel zur manuellen Eingabe
            </p>
            <div className="flex items-center gap-1">
              <code
                aria-labelledby="two-factor-key-label"
                className="min-w-0 rounded bg-muted px-2 py-1 font-mono text-sm tracking-wider break-all"
                data-testid="two-factor-secret"
              >
                {groupKey(setup.secret)}
              </code>
              <CopyButton value={setup.secret} label="Schlüssel kopieren" copiedMessage="Schlüssel kopiert" />
            </div>
            <p className="text-xs text-muted-foreground">Zeitbasiert (TOTP), 6 Ziffern, alle 30 Sekunden neu.</p>
          </div>
          <form
            noValidate
            aria-label="Zwei-Faktor-Anmeldung bestätigen"
            className="flex flex-col gap-4"
            onSubmit={form.handleSubmit((values) => {
              setResult(null);
              const { code, password } = enableTwoFactorInputSchema.parse(values);
              mutation.mutate({ code, password });
            })}
          >
            <FormField label="Code aus der App" error={form.formState.errors.code?.message}>
              <Input
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={7}
                className="max-w-40 font-mono tracking-widest"
                {...form.register('code')}
              />
            </FormField>
            <FormField
              label="Aktuelles Passwort"
              error={form.formState.errors.password?.message}
              hint="Zum Schutz Ihres Kontos: Nur wer Ihr Passwort kennt, kann die Zwei-Faktor-Anmeldung einschalten."
            >
              <Input type="password" autoComplete="current-password" className="max-w-sm" {...form.register('password')} />
            </FormField>
            <FormResultAlert result={result} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={mutation.isPending}>
                {!mutation.isPending && <ShieldCheck aria-hidden="true" />}
                Einschalten
              </Button>
              <Button variant="outline" onClick={onCancel} disabled={mutation.isPending}>
                Abbrechen
              </Button>
            </div>
          </form>
        </div>
      </div>
    </div>
  );
}
