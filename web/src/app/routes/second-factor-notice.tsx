import { useQuery } from '@tanstack/react-query';
import { LogOut, ShieldAlert } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ButtonLink, Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { getTwoFactorStatusQueryOptions } from '@/features/account/api/get-two-factor';
import { useLogout } from '@/lib/auth';

function SignOutAndBack() {
  const navigate = useNavigate();
  const logout = useLogout({ onSuccess: () => navigate(paths.auth, { replace: true }) });
  return (
    <Button loading={logout.isPending} onClick={() => logout.mutate()} data-testid="second-factor-sign-out">
      {!logout.isPending && <LogOut aria-hidden="true" />}
      Abmelden und neu anmelden
    </Button>
  );
}

/**
 * Shown instead of an admin page when this session has not proved a second factor: the
 * admin area needs two-factor sign-in (on for the account, and a code at this sign-in).
 */
export function SecondFactorNotice() {
  const status = useQuery(getTwoFactorStatusQueryOptions());
  return (
    <>
      <PageHeader
        title="Zwei-Faktor-Anmeldung erforderlich"
        description="Der Administrationsbereich ist nur mit Zwei-Faktor-Anmeldung erreichbar."
      />
      <Card className="max-w-2xl" data-testid="second-factor-notice">
        <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6">
          <div className="flex gap-3">
            <ShieldAlert className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            {status.isPending ? (
              <LoadingScreen className="min-h-12" />
            ) : status.data?.enabled ? (
              <p className="text-sm">
                Die Zwei-Faktor-Anmeldung ist für Ihr Konto eingeschaltet, aber diese Sitzung wurde ohne Code begonnen.
                Bitte melden Sie sich ab und melden Sie sich erneut an, diesmal mit dem Code aus Ihrer
                Authenticator-App.
              </p>
            ) : (
              <p className="text-sm">
                Administratoren verwalten Benutzer, Guthaben und Zugangsschlüssel. Deshalb schützen wir diesen Bereich mit
                einem zweiten Schritt: einem Code aus einer Authenticator-App. Richten Sie die Zwei-Faktor-Anmeldung in
                Ihrem Account ein; danach geht es sofort weiter.
              </p>
            )}
          </div>
          {!status.isPending && (
            <div className="flex flex-wrap gap-2">
              {status.data?.enabled ? (
                <SignOutAndBack />
              ) : (
                <ButtonLink to={paths.accountTwoFactor} data-testid="second-factor-setup-link">
                  Zwei-Faktor-Anmeldung einrichten
                </ButtonLink>
              )}
            </div>
          )}
        </CardContent>
      </Card>
    </>
  );
}
