import { Pencil, ScrollText, Trash2, Wallet } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import type { AdminUser } from '../api/types';

export type UserAction = 'edit' | 'balance' | 'audit' | 'delete';

const ACTIONS = [
  { action: 'edit', label: 'Bearbeiten', icon: Pencil },
  { action: 'balance', label: 'Guthaben korrigieren', icon: Wallet },
  { action: 'audit', label: 'Protokoll anzeigen', icon: ScrollText },
  { action: 'delete', label: 'Löschen', icon: Trash2 },
] as const;

/** Edit, correct the balance, show the audit log, delete: icon buttons named after the action and the person. */
export function UserRowActions({ user, onAction }: { user: AdminUser; onAction: (action: UserAction, user: AdminUser) => void }) {
  return (
    <div className="flex flex-wrap justify-end gap-1">
      {ACTIONS.map(({ action, label, icon: Icon }) => (
        <Tooltip key={action} content={label}>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`${label}: ${user.name}`}
            data-testid={`action-${action}`}
            className={action === 'delete' ? 'text-destructive hover:text-destructive' : undefined}
            onClick={() => onAction(action, user)}
          >
            <Icon aria-hidden="true" />
          </Button>
        </Tooltip>
      ))}
    </div>
  );
}
