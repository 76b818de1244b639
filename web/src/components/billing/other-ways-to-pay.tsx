import { Landmark, Mail } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { CopyButton } from '@/components/ui/copy-button';
import type { BillingOptions } from '@/lib/billing';

/**
 * What the operator configured besides card payment: a bank transfer (with the reference
 * that names this account) and a support address; for admins while Stripe is missing,
 * how to set it up. Renders nothing when none of these is there.
 */
export function OtherWaysToPay({ options }: { options: BillingOptions }) {
  const { bank_transfer: transfer, support_email: email, admin_setup_hint: hint } = options;
  if (!transfer && !email && !hint) return null;
  return (
    <div className="flex flex-col gap-3" data-testid="top-up-alternatives">
      {transfer && (
        <section aria-labelledby="bank-transfer-title" className="rounded-lg border border-border px-4 py-3 text-sm" data-testid="bank-transfer">
          <h3 id="bank-transfer-title" className="flex items-center gap-2 font-semibold">
            <Landmark className="size-4" aria-hidden="true" /> Per Überweisung aufladen
          </h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-muted-foreground">Empfänger</dt>
            <dd>{transfer.account_holder}</dd>
            <dt className="text-muted-foreground">IBAN</dt>
            <dd className="flex items-center gap-1 font-mono whitespace-nowrap">
              {transfer.iban} <CopyButton value={transfer.iban} label="IBAN kopieren" copiedMessage="IBAN kopiert." />
            </dd>
            <dt className="text-muted-foreground">BIC</dt>
            <dd className="font-mono">{transfer.bic}</dd>
            <dt className="text-muted-foreground">Verwendungszweck</dt>
            <dd className="flex items-center gap-1 font-mono whitespace-nowrap" data-testid="bank-transfer-reference">
              {transfer.reference} <CopyButton value={transfer.reference} label="Verwendungszweck kopieren" copiedMessage="Verwendungszweck kopiert." />
            </dd>
          </dl>
          <p className="mt-2 text-xs text-muted-foreground">
            Das Guthaben wird nach Zahlungseingang gutgeschrieben, in der Regel innerhalb von zwei Werktagen. Bitte geben Sie den
            Verwendungszweck genau so an: Er ordnet die Zahlung Ihrem Konto zu.
          </p>
        </section>
      )}
      {email && (
        <p className="flex items-center gap-2 text-sm" data-testid="billing-support">
          <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            Fragen zur Zahlung:{' '}
            <a className="font-medium text-primary underline underline-offset-2" href={`mailto:${email}`}>
              {email}
            </a>
          </span>
        </p>
      )}
      {hint && (
        <div data-testid="billing-admin-hint">
          <Alert variant="info" title="Für Admins: Kartenzahlung einrichten">
            {hint}
          </Alert>
        </div>
      )}
    </div>
  );
}
