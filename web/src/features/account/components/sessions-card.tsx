import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import { toastError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useSessions } from '../api/get-sessions';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import type { Session } from '../api/types';

function SessionRow({ session }: { session: Session }) {
  return (
    <li className="flex items-start gap-3 py-3" data-testid="session-row" data-current={session.current}>
      <MonitorSmartphone className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span data-testid="session-device">{session.device ?? 'Unbekanntes Gerät'}</span>
          {session.current && <Badge variant="success">Diese Sitzung</Badge>}
        </p>
        <p className="text-xs text-muted-foreground">
          <span className="break-all">{session.client || 'Unbekannter Ort'}</span> · Angemeldet seit{' '}
          {formatDateTime(session.created_at)} · gültig bis {formatDateTime(session.expires_at)}
        </p>
      </div>
    </li>
  );
}

/** "Aktive Sitzungen": where the account is signed in, and "Überall abmelden". */
export function SessionsCard() {
  const sessions = useSessions();
  const [confirm, setConfirm] = useState(false);
  const signOut = useSignOutEverywhere({
    mutationConfig: {
      onSuccess: (done) => {
        // Older servers answered 204 without a body.
        toast.success('Überall abgemeldet', { description: done?.message ?? 'Alle Sitzungen wurden beendet.' });
      },
      onError: (error) => {
        setConfirm(false);
toastError(error, 'Abmelden fehlgeschlagen');
      },
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Aktive Sitzungen</CardTitle>
        <CardDescription>Browser und Geräte, an denen Ihr Konto angemeldet ist.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {sessions.isPending ? (
          <LoadingSkeleton label="Sitzungen werden geladen…" rows={2} />
        ) : sessions.isError ? (
          <LoadErrorAlert title="Sitzungen konnten nicht geladen werden" error={sessions.error} onRetry={() => void sessions.refetch()} />
        ) : sessions.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Keine aktiven Sitzungen.</p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Sitzungen" data-testid="session-list">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
        <div>
          <Button variant="outline" onClick={() => setConfirm(true)} data-testid="sign-out-everywhere">
            <LogOut aria-hidden="true" />
            Überall abmelden
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Überall abmelden?"
        description="Alle Sitzungen Ihres Kontos werden beendet, auch diese, und alle API-Schlüssel widerrufen. Danach melden Sie sich neu an."
        confirmLabel="Überall abmelden"
        destructive
        loading={signOut.isPending}
        onConfirm={() => signOut.mutate()}
      />
    </Card>
  );
}
