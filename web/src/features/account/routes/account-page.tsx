import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useLogout, useMe } from '@/lib/auth';
import { AccountOverview } from '../components/account-overview';
import { ApiKeysSummary } from '../components/api-keys-summary';
import { BalanceCard } from '../components/balance-card';
import { DeleteAccountCard } from '../components/delete-account-card';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import { SessionsCard } from '../components/sessions-card';
import { TopUpNotice } from '../components/top-up-notice';
import { TransactionsCard } from '../components/transactions-card';
import { TwoFactorCard } from '../components/two-factor-card';
import { useTopUpReturn } from '../hooks/use-top-up-return';

function SignOutButton() {
  const navigate = useNavigate();
  const logout = useLogout({
    onSuccess: () => {
      toast.success('Abgemeldet', { description: 'Bis bald!' });
      navigate(paths.auth, { replace: true });
    },
  });
  return (
    <Button variant="outline" loading={logout.isPending} onClick={() => logout.mutate()} data-testid="account-logout">
      {!logout.isPending && <LogOut aria-hidden="true" />}
      Abmelden
    </Button>
  );
}

/** /dashboard/account ("Mein Account"): profile, password, two-factor sign-in, bookings, sessions and deletion. */
export function AccountPage() {
  const me = useMe();
  const user = me.data;
  const topUp = useTopUpReturn();
  return (
    <>
      <PageHeader
        title="Mein Account"
        description="Ihr Profil, Ihre Sicherheit und Ihre Buchungen."
        actions={user ? <SignOutButton /> : undefined}
      />
      {me.isPending ? (
        <LoadingSkeleton label="Benutzer wird geladen…" rows={4} />
      ) : !user ? (
        <LoadErrorAlert title="Benutzer konnte nicht geladen werden" error={me.error} onRetry={() => void me.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          <TopUpNotice result={topUp} />
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <AccountOverview user={user} />
            </div>
            <BalanceCard balanceCent={user.balance_cent} />
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <ProfileForm key={user.id} user={user} />
            <PasswordForm />
          </div>
          <ApiKeysSummary />
          <TwoFactorCard />
          <TransactionsCard />
          <SessionsCard />
          <DeleteAccountCard />
        </div>
      )}
    </>
  );
}
