import { ConfirmDialog } from '@/components/ui/dialog';
import { truncate } from '@/lib/format';
import type { Job } from '../api/types';

/** "Audio endgültig löschen?" for the job about to be deleted (closed when `job` is null). */
export function DeleteJobDialog({
  job,
  deleting,
  onCancel,
  onConfirm,
}: {
  job: Job | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: (job: Job) => void;
}) {
  return (
    <ConfirmDialog
      open={job !== null}
      onOpenChange={(open) => !open && onCancel()}
      title="Audio endgültig löschen?"
      description={
        <span className="block">
          „{truncate(job?.text ?? '', 60)}“ wird mit der Audio-Datei dauerhaft gelöscht. Dies kann nicht rückgängig gemacht
          werden.
        </span>
      }
      confirmLabel="Endgültig löschen"
      destructive
      loading={deleting}
      onConfirm={() => job && onConfirm(job)}
    />
  );
}
