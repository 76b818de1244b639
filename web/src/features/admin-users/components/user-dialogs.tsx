import type { AdminUser } from '../api/types';
import { BalanceDialog } from './balance-dialog';
import { DeleteUserDialog } from './delete-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import type { UserAction } from './user-row-actions';

/** The row actions that open a dialog ("Protokoll anzeigen" switches to the log instead). */
export type OpenUserAction = { action: Exclude<UserAction, 'audit'>; user: AdminUser } | null;

/** The dialog of the row action that was chosen (a fresh one each time, so forms start clean). */
export function UserDialogs({ open, onClose }: { open: OpenUserAction; onClose: () => void }) {
  if (!open) return null;
  const key = `${open.action}-${open.user.id}`;
  if (open.action === 'edit') return <EditUserDialog key={key} user={open.user} onClose={onClose} />;
  if (open.action === 'balance') return <BalanceDialog key={key} user={open.user} onClose={onClose} />;
  return <DeleteUserDialog key={key} user={open.user} onClose={onClose} />;
}
