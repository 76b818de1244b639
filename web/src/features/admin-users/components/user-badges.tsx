import { Badge } from '@/components/ui/badge';
import type { AdminUser } from '../api/types';

/** "Administrator", "Gesperrt" and "Unbestätigt" next to a name. */
export function UserBadges({ user }: { user: AdminUser }) {
  if (user.role !== 'admin' && !user.disabled && user.confirmed) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {user.role === 'admin' && <Badge variant="primary">Administrator</Badge>}
      {user.disabled && <Badge variant="destructive">Gesperrt</Badge>}
      {!user.confirmed && <Badge variant="warning">Unbestätigt</Badge>}
    </span>
  );
}
