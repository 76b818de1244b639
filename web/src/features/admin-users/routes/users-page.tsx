import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useUsers } from '../api/get-users';
import type { AuditUser, UserSort } from '../api/types';
import { AuditLog } from '../components/audit-log';
import { CreateUserDialog } from '../components/create-user-dialog';
import { UserStats } from '../components/user-stats';
import { UsersPanel } from '../components/users-panel';
import { DEFAULT_SORT, nextSort } from '../utils/sort';

/**
 * /admin/users: figures, the searchable and sortable list with its actions, and the audit log
 * (narrowed to one person by a row's "Protokoll anzeigen").
 */
export function UsersPage() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<UserSort>(DEFAULT_SORT);
  const [creating, setCreating] = useState(false);
  const [tab, setTab] = useState('users');
  const [auditUser, setAuditUser] = useState<AuditUser | null>(null);
  const debounced = useDebouncedValue(search.trim(), 300);
  const users = useUsers({ search: debounced, sort });

  return (
    <>
      <PageHeader
        title="Benutzerverwaltung"
        description="Konten, Guthaben und Rollen aller Benutzer verwalten."
        actions={
          <Button onClick={() => setCreating(true)} data-testid="create-user">
            <UserPlus aria-hidden="true" />
            Neuen Benutzer hinzufügen
          </Button>
        }
      />
      <div className="flex flex-col gap-6">
        {users.data && <UserStats stats={users.data.stats} />}
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="w-full sm:w-80">
            <TabsTrigger value="users">Benutzer</TabsTrigger>
            <TabsTrigger value="audit">Protokoll</TabsTrigger>
          </TabsList>
          <TabsContent value="users">
            <UsersPanel
              users={users} search={search} onSearch={setSearch} sort={sort} onSort={(c) => setSort((s) => nextSort(s, c))}
              onSortChange={setSort}
              onShowAudit={(u) => {
                setAuditUser({ id: u.id, label: `${u.name} (${u.email})` });
                setTab('audit');
              }}
            />
          </TabsContent>
          <TabsContent value="audit">
            <AuditLog user={auditUser} onUserChange={setAuditUser} />
          </TabsContent>
        </Tabs>
      </div>
      <CreateUserDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
