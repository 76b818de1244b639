import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/errors';
import { toastFailure } from '@/lib/failure-toast';
import { formatEuroFromCents, truncate } from '@/lib/format';
import { categoryTree, libraryActions, useCategoryList, useLibraryMutation } from '@/lib/library';
import { SAVE_PRICE_CENT, SAVE_PURPOSES, useSaveJob, type SavePurpose } from '../api/save-job';
import type { Job } from '../api/types';

const NO_CATEGORY = 'none';

/** The spec's words when filing under a category failed (the server's reason goes below). */
export const ASSIGN_FAILED_TEXT = 'Kategorien konnten nicht zugeordnet werden.';

/**
 * "Dauerhaft speichern": pay 0,25 € once so the audio does not expire (closed when `job` is
 * null). "Verwendungszweck" is the spec's fixed purpose of a saved audio; the optional
 * "Kategorie" is one of the user's own library categories, the same as in the knowledge
 * base, filed once the save went through.
 */
export function SaveJobDialog({ job, onClose }: { job: Job | null; onClose: () => void }) {
  const ids = { purpose: useId(), category: useId() };
  const [purpose, setPurpose] = useState<SavePurpose>('audio');
  const [categoryId, setCategoryId] = useState(NO_CATEGORY);
  const [error, setError] = useState<string | null>(null);
  const categories = useCategoryList();
  const assign = useLibraryMutation(libraryActions.assignCategory);
  const save = useSaveJob({
    mutationConfig: {
      onSuccess: (_saved, { jobId }) => {
        toast.success('Audio dauerhaft gespeichert', { description: 'Das Audio läuft nicht mehr ab.' });
        // The save is paid and done: a failed filing says so but does not undo it.
        if (categoryId !== NO_CATEGORY) {
          assign.mutate(
            { ids: [jobId], category_id: categoryId },
            { onError: (err) => toastFailure({ id: 'assign-category', title: 'Fehler', text: ASSIGN_FAILED_TEXT, error: err }) },
          );
        }
        close();
      },
      onError: (err) => setError(errorMessage(err, 'Das Audio konnte nicht gespeichert werden.')),
    },
  });
  function close() {
    setError(null);
    setPurpose('audio');
    setCategoryId(NO_CATEGORY);
    onClose();
  }
  const categoryOptions = [
    { value: NO_CATEGORY, label: 'Keine Kategorie' },
    ...categoryTree(categories.data ?? []).map((c) => ({ value: c.id, label: `${'– '.repeat(c.depth)}${c.name}` })),
  ];
  return (
    <Dialog
      open={job !== null}
      onOpenChange={(open) => !open && !save.isPending && close()}
      title="Dauerhaft speichern"
      description={
        <span className="block">
          „{truncate(job?.text ?? '', 60)}“ wird dauerhaft gespeichert und läuft nicht mehr ab. Kosten: einmalig{' '}
          <span className="whitespace-nowrap">{formatEuroFromCents(SAVE_PRICE_CENT)}</span>.
        </span>
      }
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={save.isPending}>
            Abbrechen
          </Button>
          <Button loading={save.isPending} onClick={() => job && save.mutate({ jobId: job.id, purpose })} data-testid="save-job-confirm">
            Für {formatEuroFromCents(SAVE_PRICE_CENT)} speichern
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.purpose}>Verwendungszweck</Label>
          <Select
            id={ids.purpose}
            value={purpose}
            onValueChange={(v) => setPurpose(v as SavePurpose)}
            options={SAVE_PURPOSES}
            data-testid="save-job-purpose"
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.category}>Kategorie in der Knowledge Base (optional)</Label>
          <Select id={ids.category} value={categoryId} onValueChange={setCategoryId} options={categoryOptions} data-testid="save-job-category" />
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
