import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/dialog';
import { toastError } from '@/lib/errors';
import { useDeleteProject } from '../api/delete-project';
import type { ProjectSummary } from '../api/types';

/** "Projekt löschen?": the project's audio goes for good; renders still running are refunded. */
export function DeleteProjectDialog({ project, onClose }: { project: ProjectSummary | null; onClose: () => void }) {
  const mutation = useDeleteProject({
    mutationConfig: {
      onSuccess: () => {
        toast.success('Projekt gelöscht', { id: 'project-delete' });
        onClose();
      },
      onError: (error) => toastError(error, 'Projekt konnte nicht gelöscht werden', 'project-delete'),
    },
  });
  return (
    <ConfirmDialog
      open={project !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Projekt löschen?"
      description={
        <>
          „{project?.title}“ und alle Audios dieses Projekts (Kapitel und Exporte) werden endgültig gelöscht. Vertonungen, die
          noch nicht fertig sind, werden Ihrem Guthaben erstattet.
        </>
      }
      confirmLabel="Endgültig löschen"
      destructive
      loading={mutation.isPending}
      onConfirm={() => project && mutation.mutate(project.id)}
      confirmTestId="project-delete-confirm"
    />
  );
}
