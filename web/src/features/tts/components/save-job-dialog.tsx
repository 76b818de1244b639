import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/errors';
import { formatEuroFromCents, truncate } from '@/lib/format';
import { SAVE_CATEGORIES, SAVE_PRICE_CENT, useSaveJob, type SaveCategory } from '../api/save-job';
import type { Job } from '../api/types';

/** "Dauerhaft speichern": choose what the audio is for, pay 0,25 € once (closed when `job` is null). */
export function SaveJobDialog({ job, onClose }: { job: Job | null; onClose: () => void }) {
  const selectId = useId();
  const [category, setCategory] = useState<SaveCategory>('audio');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveJob({
    mutationConfig: {
      onSuccess: () => {
        toast.success('Audio dauerhaft gespeichert', { description: 'Das Audio läuft nicht mehr ab.' });
        close();
      },
      onError: (err) => setError(errorMessage(err, 'Das Audio konnte nicht gespeichert werden.')),
    },
  });
  function close() {
    setError(null);
    setCategory('audio');
    onClose();
  }
  return (
    <Dialog
      open={job !== null}
      onOpenChange={(open) => !open && !save.isPending && close()}
      title="Dauerhaft speichern"
      description={
        <span className="block">
          „{truncate(job?.text ?? '', 60)}“ wird dauerhaft gespeichert und läuft nicht mehr ab. Kosten: einmalig{' '}
          {formatEuroFromCents(SAVE_PRICE_CENT)}.
        </span>
      }
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={save.isPending}>
            Abbrechen
          </Button>
          <Button
            loading={save.isPending}
            onClick={() => job && save.mutate({ jobId: job.id, category })}
            data-testid="save-job-confirm"
          >
            Für {formatEuroFromCents(SAVE_PRICE_CENT)} speichern
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor={selectId}>Kategorie</Label>
          <Select
            id={selectId}
            value={category}
            onValueChange={(v) => setCategory(v as SaveCategory)}
            options={SAVE_CATEGORIES}
            data-testid="save-job-category"
          />
        </div>
        {error && (
          <Alert variant="error" title="Speichern nicht möglich">
            {error}
          </Alert>
        )}
      </div>
    </Dialog>
  );
}
