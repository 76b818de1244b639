import { ArchiveRestore, FolderPlus, Tags, Trash, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/errors';
import { libraryActions, useLibraryMutation } from '@/lib/library';

export type BulkDialog = 'category' | 'tags' | 'empty' | null;

// One toast for the latest failed bulk action: a repeat replaces it.
const onError = (error: Error) => toast.error('Aktion fehlgeschlagen', { id: 'library-bulk-action', description: errorMessage(error) });

type LibraryBulkActionsProps = {
  /** The selected audios. */
  ids: string[];
  /** The trash view: restore and empty instead of "In den Papierkorb". */
  deletedView: boolean;
  /** Nothing to empty when the list is empty. */
  listEmpty: boolean;
  onOpen: (dialog: BulkDialog) => void;
  /** A bulk change went through: the selection is done with. */
  onDone: () => void;
};

/** The list header's buttons for the selected audios. */
export function LibraryBulkActions({ ids, deletedView, listEmpty, onOpen, onDone }: LibraryBulkActionsProps) {
  const trash = useLibraryMutation(libraryActions.trash);
  const restore = useLibraryMutation(libraryActions.restore);
  const none = ids.length === 0;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {!none && <span className="text-sm text-muted-foreground">{ids.length} ausgewählt</span>}
      <Button size="sm" variant="outline" disabled={none} onClick={() => onOpen('category')} data-testid="kb-assign-category">
        <FolderPlus aria-hidden="true" /> Kategorie zuweisen
      </Button>
      <Button size="sm" variant="outline" disabled={none} onClick={() => onOpen('tags')} data-testid="kb-add-tags">
        <Tags aria-hidden="true" /> Tags hinzufügen
      </Button>
      {deletedView ? (
        <>
          <Button
            size="sm"
            variant="outline"
            disabled={none}
            loading={restore.isPending}
            onClick={() => restore.mutate(ids, { onSuccess: () => (onDone(), toast.success('Audios wiederhergestellt')), onError })}
            data-testid="kb-restore"
          >
            <ArchiveRestore aria-hidden="true" /> Wiederherstellen
          </Button>
          <Button size="sm" variant="destructive" disabled={listEmpty} onClick={() => onOpen('empty')} data-testid="kb-empty-trash">
            <Trash2 aria-hidden="true" /> Papierkorb leeren
          </Button>
        </>
      ) : (
        <Button
          size="sm"
          variant="outline"
          disabled={none}
          loading={trash.isPending}
          onClick={() => trash.mutate(ids, { onSuccess: () => (onDone(), toast.success('In den Papierkorb verschoben')), onError })}
          data-testid="kb-trash"
        >
          <Trash aria-hidden="true" /> In den Papierkorb
        </Button>
      )}
    </div>
  );
}

/** "Papierkorb leeren?": the selected audios, or the whole trash when none is selected. */
export function EmptyTrashDialog({ ids, open, onOpenChange, onDone }: { ids: string[]; open: boolean; onOpenChange: (open: boolean) => void; onDone: () => void }) {
  const empty = useLibraryMutation(libraryActions.emptyTrash);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Papierkorb leeren?"
      description={
        ids.length > 0
          ? `Die ${ids.length} ausgewählten Audios werden mit ihren Dateien endgültig gelöscht.`
          : 'Alle Audios im Papierkorb werden mit ihren Dateien endgültig gelöscht. Dies kann nicht rückgängig gemacht werden.'
      }
      confirmLabel="Endgültig löschen"
      destructive
      loading={empty.isPending}
      onConfirm={() =>
        empty.mutate(ids.length > 0 ? ids : undefined, {
          onSuccess: () => (onOpenChange(false), onDone(), toast.success('Papierkorb geleert')),
          onError,
        })
      }
    />
  );
}
