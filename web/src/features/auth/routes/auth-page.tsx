import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { SkipLink } from '@/components/layout/skip-link';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Logo } from '@/components/ui/logo';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { LoginForm } from '../components/login-form';
import { SignupForm } from '../components/signup-form';
import { MAIN_CONTENT_ID, paths } from '@/config/paths';

type Tab = 'login' | 'signup';

/** Answers of the links in our mails: `?confirmed=1|0` (confirmation), `?link=0` (sign-in link). */
function LinkNotice({ confirmed, link }: { confirmed: string | null; link: string | null }) {
  if (link === '0') {
    return (
      <Alert variant="error" className="mb-5">
        Der Anmeldelink ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.
      </Alert>
    );
  }
  if (confirmed === '1') {
    return (
      <Alert variant="success" className="mb-5">
        E-Mail bestätigt. Sie können sich jetzt anmelden.
      </Alert>
    );
  }
  if (confirmed === '0') {
    return (
      <Alert variant="error" className="mb-5">
        Der Bestätigungslink ist ungültig oder abgelaufen.
      </Alert>
    );
  }
  return null;
}

export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const confirmed = searchParams.get('confirmed');
  const link = searchParams.get('link');
  const [tab, setTab] = useState<Tab>(searchParams.get('tab') === 'signup' && !confirmed && !link ? 'signup' : 'login');
  const [signedUpEmail, setSignedUpEmail] = useState<string | null>(null);

  const changeTab = (value: string) => {
    const next = value === 'signup' ? 'signup' : 'login';
    setTab(next);
    const params = new URLSearchParams(searchParams);
    params.set('tab', next);
    setSearchParams(params, { replace: true });
  };

  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-primary-soft/60 to-background">
      <SkipLink />
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-5 sm:px-6">
        <Link to={paths.home} aria-label="Stimmwerk Startseite">
          <Logo />
        </Link>
        <Link to={paths.home} className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Zur Startseite
        </Link>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 focus:outline-none sm:pt-12">
        <Card className="w-full max-w-lg">
          <CardHeader className="text-center">
            <h1 className="text-xl font-semibold leading-tight tracking-tight">
              {tab === 'login' ? 'Willkommen bei Stimmwerk' : 'Konto erstellen'}
            </h1>
            <CardDescription>
              {tab === 'login'
                ? 'Melden Sie sich an, um Texte in natürliche Sprache umzuwandeln.'
                : 'Registrieren Sie sich und erhalten Sie ein Startguthaben.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <LinkNotice confirmed={confirmed} link={link} />
            {signedUpEmail && tab === 'login' && (
              <Alert variant="info" className="mb-5">
                Wir haben eine Bestätigungs-E-Mail an <strong>{signedUpEmail}</strong> gesendet. Bitte bestätigen Sie
                Ihre Adresse, bevor Sie sich anmelden.
              </Alert>
            )}
            <Tabs value={tab} onValueChange={changeTab}>
              <TabsList aria-label="Anmelden oder registrieren">
                <TabsTrigger value="login">Anmelden</TabsTrigger>
                <TabsTrigger value="signup">Registrieren</TabsTrigger>
              </TabsList>
              <TabsContent value="login">
                <LoginForm
                  key={signedUpEmail ?? 'login'}
                  defaultEmail={signedUpEmail ?? ''}
                  onSuccess={() => navigate(paths.dashboard, { replace: true })}
                />
              </TabsContent>
              <TabsContent value="signup">
                <SignupForm
                  onSuccess={(email) => {
                    setSignedUpEmail(email);
                    changeTab('login');
                  }}
                />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
