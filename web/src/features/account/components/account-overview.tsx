import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { User } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { CopyButton } from '@/components/ui/copy-button';

export const ROLE_LABELS: Record<User['role'], string> = { admin: 'Administrator', user: 'Benutzer' };

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-4">
      <dt className="text-sm text-muted-foreground sm:w-36 sm:shrink-0">{term}</dt>
      <dd className="min-w-0 text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

/** Who is signed in: name, e-mail, organisation, role, member since and the account id. */
export function AccountOverview({ user }: { user: User }) {
  return (
    <Card data-testid="account-overview">
      <CardHeader>
        <CardTitle>Kontoübersicht</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-3">
          <Row term="Name">
            <span data-testid="account-name">{user.name || '–'}</span>
          </Row>
          <Row term="E-Mail">
            <span data-testid="account-email">{user.email}</span>
          </Row>
          <Row term="Organisation">
            <span data-testid="account-organization">{user.organization || '–'}</span>
          </Row>
          <Row term="Rolle">
            <Badge variant={user.role === 'admin' ? 'primary' : 'neutral'} data-testid="account-role">
              {ROLE_LABELS[user.role]}
            </Badge>
          </Row>
          <Row term="Mitglied seit">
            <span data-testid="account-since">{formatDate(user.created_at)}</span>
          </Row>
          <Row term="Konto-ID">
            <span className="flex min-w-0 items-center gap-1">
              <code className="min-w-0 rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all" data-testid="account-id">
                {user.id}
              </code>
              <CopyButton value={user.id} label="Konto-ID kopieren" copiedMessage="Konto-ID kopiert" />
            </span>
          </Row>
        </dl>
      </CardContent>
    </Card>
  );
}
