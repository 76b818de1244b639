import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { useStuckClones } from '../api/get-clones';
import { useCloneActions } from '../hooks/use-clone-actions';

/**
 * Diagnostics: trainings running longer than expected (usually 15–45 minutes), looked at
 * every 30 s, each with "Training zurücksetzen" (back to the start, to train again).
 */
export function StuckTrainingsCard() {
  const stuck = useStuckClones();
  const { training } = useCloneActions();
  const voices = stuck.data ?? [];
  if (voices.length === 0) return null;
  return (
    <section aria-labelledby="stuck-title" className="rounded-lg border border-warning/40 bg-warning-soft p-4" data-testid="stuck-card">
      <h2 id="stuck-title" className="flex items-center gap-2 font-semibold text-warning">
        <AlertTriangle className="size-4" aria-hidden="true" /> Training dauert ungewöhnlich lange
      </h2>
      <p className="mt-1 text-sm text-foreground">
        Ein Training dauert meist 15 bis 45 Minuten. Diese Stimmen trainieren länger; setzen Sie das Training zurück und starten Sie es neu.
      </p>
      <ul className="mt-3 flex flex-col gap-2">
        {voices.map((voice) => (
          <li key={voice.id} className="flex flex-col gap-2 rounded-md bg-card p-3 sm:flex-row sm:items-center sm:justify-between">
            <span className="text-sm">
              <span className="font-medium">{voice.name}</span>
              <span className="text-muted-foreground"> · gestartet {formatDateTime(voice.training_started_at)} · {voice.training_progress} %</span>
            </span>
            <Button
              size="sm"
              variant="outline"
              loading={training.isPending && training.variables?.id === voice.id}
              onClick={() => training.mutate({ id: voice.id, action: 'reset' })}
              data-testid="stuck-reset"
            >
              Training zurücksetzen
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
