import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMe, useSessionExit, type User } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { SecondFactorNotice } from './second-factor-notice';

function SessionError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <Alert variant="error" title="Sitzung konnte nicht geprüft werden" className="max-w-md">
        <p>{errorMessage(error)}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
          Erneut versuchen
        </Button>
      </Alert>
    </div>
  );
}

/**
 * Renders its children only with a session: shows a loading indicator while
 * `/api/me` loads and sends visitors without a session to /auth (or where the last
 * deliberate sign-out said, see `setSessionUser`).
 */
export function RequireAuth({ children }: { children: (user: User) => ReactNode }) {
  const me = useMe();
  const exit = useSessionExit();
  const location = useLocation();
  if (me.isPending) return <LoadingScreen label="Sitzung wird geprüft..." className="min-h-screen" />;
  if (me.isError) return <SessionError error={me.error} onRetry={() => void me.refetch()} />;
  if (!me.data) return <Navigate to={exit ?? paths.auth} replace state={{ from: location.pathname }} />;
  return <>{children(me.data)}</>;
}

/**
 * Admin-only routes: everybody else is sent to /dashboard. An admin whose session did not
 * prove a second factor sees why the area is closed and how to open it.
 */
export function RequireAdmin() {
  const { data: user } = useMe();
  if (user?.role !== 'admin') return <Navigate to={paths.dashboard} replace />;
  if (!user.second_factor) return <SecondFactorNotice />;
  return <Outlet />;
}

/** Pages for visitors (landing, auth): signed-in users go to /dashboard. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <LoadingScreen className="min-h-screen" />;
  if (me.data) return <Navigate to={paths.dashboard} replace />;
  return <>{children}</>;
}
