import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { LoadingScreen } from '@/components/ui/spinner';
import { TWO_FACTOR_SECTION_ID } from '@/config/paths';
import { useSetUpTwoFactor } from '../api/set-up-two-factor';
import { useTwoFactorStatus } from '../api/get-two-factor';
import type { TwoFactorSetup as Setup } from '../api/types';
import { DisableTwoFactorDialog } from './disable-two-factor-dialog';
import { errorResult, FormResultAlert, type FormResult } from './form-result';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorSetup } from './two-factor-setup';

/** The card's id: `paths.accountTwoFactor` (e.g. from the admin area's notice) jumps here. */
const TWO_FACTOR_CARD_ID = TWO_FACTOR_SECTION_ID;

/** Brings the card into view when the address names it (a client-side link does not scroll). */
function useScrollIntoViewOnHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === `#${TWO_FACTOR_CARD_ID}`) document.getElementById(TWO_FACTOR_CARD_ID)?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
}

function Off({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [result, setResult] = useState<FormResult | null>(null);
  const start = useSetUpTwoFactor({
    mutationConfig: {
      onSuccess: (data) => setSetup(data),
      onError: (error) => setResult(errorResult(error, 'Einrichten nicht möglich')),
    },
  });

  if (setup) {
    return (
      <TwoFactorSetup
        setup={setup}
        onEnabled={onEnabled}
        onCancel={() => setSetup(null)}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-center gap-2 text-sm">
        Status: <Badge variant="neutral" data-testid="two-factor-status">Ausgeschaltet</Badge>
      </p>
      <FormResultAlert result={result} />
      <div>
        <Button
          loading={start.isPending}
          onClick={() => {
            setResult(null);
            start.mutate();
          }}
          data-testid="two-factor-start"
        >
          {!start.isPending && <ShieldCheck aria-hidden="true" />}
          Einrichten
        </Button>
      </div>
    </div>
  );
}

function On() {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-center gap-2 text-sm">
        Status: <Badge variant="success" data-testid="two-factor-status">Eingeschaltet</Badge>
      </p>
      <p className="text-sm text-muted-foreground">
        Bei jeder Anmeldung fragen wir nach dem Code aus Ihrer App oder einem Wiederherstellungscode.
      </p>
      <div>
        <Button variant="outline" onClick={() => setOpen(true)} data-testid="two-factor-disable">
          <ShieldOff aria-hidden="true" />
          Ausschalten
        </Button>
      </div>
      <DisableTwoFactorDialog open={open} onOpenChange={setOpen} />
    </div>
  );
}

/** "Zwei-Faktor-Anmeldung": status, setting up with an authenticator app, switching off. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  useScrollIntoViewOnHash();
  // Shown once, right after enabling, until confirmed (the status turns "on" underneath).
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Card id={TWO_FACTOR_CARD_ID} className="scroll-mt-20" data-testid="two-factor-card">
      <CardHeader>
        <CardTitle>Zwei-Faktor-Anmeldung</CardTitle>
        <CardDescription>
          Schützt Ihr Konto mit einem zweiten Schritt: einem Code aus einer Authenticator-App. Für den
          Administrationsbereich ist sie Pflicht.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        ) : status.isPending ? (
          <LoadingScreen className="min-h-24" />
        ) : status.isError ? (
          <LoadErrorAlert title="Status der Zwei-Faktor-Anmeldung konnte nicht geladen werden" error={status.error} onRetry={() => void status.refetch()} />
        ) : status.data.enabled ? (
          <On />
        ) : (
          <Off onEnabled={setCodes} />
        )}
      </CardContent>
    </Card>
  );
}
