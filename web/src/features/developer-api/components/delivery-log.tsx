import { RotateCw } from 'lucide-react';
import { toast } from 'sonner';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useDeliveries, useResend, type Delivery } from '../api/webhook';

const STATUS: Record<Delivery['status'], { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Wartet', variant: 'warning' },
  delivering: { label: 'Wird gesendet', variant: 'primary' },
  delivered: { label: 'Zugestellt', variant: 'success' },
  failed: { label: 'Fehlgeschlagen', variant: 'destructive' },
};

/** The newest deliveries with status, attempts and the last answer; "erneut senden" for each. */
export function DeliveryLog() {
  const deliveries = useDeliveries();
  const resend = useResend();
  if (!deliveries.data || deliveries.data.length === 0) {
    return <p className="text-sm text-muted-foreground">Noch keine Zustellungen.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="delivery-log">
        <caption className="mb-2 text-left font-medium">Zustellprotokoll</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3">Ereignis</th>
            <th scope="col" className="py-2 pr-3">Status</th>
            <th scope="col" className="py-2 pr-3">Versuche</th>
            <th scope="col" className="py-2 pr-3">Letzte Antwort</th>
            <th scope="col" className="py-2 pr-3">Zeit</th>
            <th scope="col" className="py-2"><span className="sr-only">Aktionen</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {deliveries.data.map((d) => (
            <tr key={d.id} data-testid="delivery-row">
              <td className="py-2 pr-3 font-mono text-xs">{d.event}</td>
              <td className="py-2 pr-3">
                <Badge variant={STATUS[d.status].variant}>{STATUS[d.status].label}</Badge>
              </td>
              <td className="py-2 pr-3 tabular-nums">{d.attempts}</td>
              <td className="max-w-56 truncate py-2 pr-3" title={d.last_error ?? undefined}>
                {d.last_status_code ?? '–'} {d.last_error ? `· ${d.last_error}` : ''}
              </td>
              <td className="py-2 pr-3 text-xs text-muted-foreground">{formatDateTime(d.created_at)}</td>
              <td className="py-2 text-right">
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={d.status === 'delivering' || resend.isPending}
                  onClick={() =>
                    resend.mutate(d.id, {
                      onSuccess: () => toast.success('Wird erneut gesendet'),
                      onError: (e) => toast.error('Fehler', { id: 'webhook-redeliver', description: errorMessage(e) }),
                    })
                  }
                >
                  <RotateCw aria-hidden="true" /> Erneut senden
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
