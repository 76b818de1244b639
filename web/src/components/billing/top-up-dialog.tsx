import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { LoadingScreen } from '@/components/ui/spinner';
import { useBillingOptions } from '@/lib/billing';
import { OtherWaysToPay } from './other-ways-to-pay';
import { TopUpForm } from './top-up-form';

export const TOP_UPS_DISABLED_TEXT = 'Aufladungen per Karte sind auf diesem Server noch nicht eingerichtet.';

/**
 * "Guthaben aufladen": a suggested or a typed amount, then Stripe's payment page. The
 * options (`GET /api/billing`) are read only once the dialog opens.
 */
export function TopUpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const options = useBillingOptions({ enabled: open });
  const close = () => onOpenChange(false);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Guthaben aufladen"
      description="Ihr Guthaben bezahlt Ihre TTS-Generierungen. Sie zahlen sicher über Stripe."
    >
      {options.isPending ? (
        <LoadingScreen label="Zahlungsoptionen werden geladen..." className="py-6" />
      ) : options.isError ? (
        <LoadErrorAlert
          title="Zahlungsoptionen konnten nicht geladen werden"
          error={options.error}
          onRetry={() => void options.refetch()}
        />
      ) : !options.data.enabled ? (
        <div className="flex flex-col gap-4" data-testid="top-up-disabled">
          <Alert variant="info">{TOP_UPS_DISABLED_TEXT}</Alert>
          <OtherWaysToPay options={options.data} />
          <div className="flex justify-end">
            <Button variant="outline" onClick={close}>
              Schließen
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <TopUpForm options={options.data} onCancel={close} />
          <OtherWaysToPay options={options.data} />
        </div>
      )}
    </Dialog>
  );
}
