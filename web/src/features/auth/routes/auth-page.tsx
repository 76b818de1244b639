import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AuthShell } from '../components/auth-shell';
import { ConfirmEmailForm } from '../components/confirm-email-form';
import { LoginForm } from '../components/login-form';
import { SignupForm } from '../components/signup-form';
import { forgetSignupEmail, pendingSignupEmail, rememberSignupEmail } from '../utils/pending-email';
import { paths } from '@/config/paths';

type Tab = 'login' | 'signup';

/** Parameters that always open the sign-in tab: answers of our mails' links and the reset page. */
const LOGIN_PARAMS = ['confirmed', 'link', 'reset', 'forgot', 'code'];

/**
 * Answers of the links in our mails: `?confirmed=1|0` (confirmation), `?link=0` (sign-in link),
 * `?reset=1` (a new password was set on /auth/reset). `?code=1` (a sign-in link of a two-factor
 * account) opens the code step of the sign-in form.
 */
function LinkNotice({ params }: { params: URLSearchParams }) {
  const notice = (variant: 'success' | 'error', text: string) => (
    <Alert variant={variant} className="mb-5">
      {text}
    </Alert>
  );
  if (params.get('link') === '0') {
    return notice('error', 'Der Anmeldelink ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.');
  }
  if (params.get('reset') === '1') {
    return notice('success', 'Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.');
  }
  if (params.get('confirmed') === '1') return notice('success', 'E-Mail bestätigt. Sie können sich jetzt anmelden.');
  if (params.get('confirmed') === '0') return notice('error', 'Der Bestätigungslink ist ungültig oder abgelaufen.');
  return null;
}

export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const forcedLogin = LOGIN_PARAMS.some((name) => searchParams.has(name));
  const [tab, setTab] = useState<Tab>(searchParams.get('tab') === 'signup' && !forcedLogin ? 'signup' : 'login');
  const [signedUpEmail, setSignedUpEmail] = useState<string | null>(null);
  // Back from the confirmation link: the address given at the sign-up, if this browser has it.
  const confirmedEmail = searchParams.get('confirmed') === '1' ? pendingSignupEmail() : null;

  const changeTab = (value: string) => {
    const next = value === 'signup' ? 'signup' : 'login';
    setTab(next);
    const params = new URLSearchParams(searchParams);
    params.set('tab', next);
    // The dialog opened by `?forgot=1` opens once, not again on each return to the tab.
    params.delete('forgot');
    setSearchParams(params, { replace: true });
  };

  const confirmToken = searchParams.get('confirm');
  if (confirmToken) {
    return (
      <AuthShell>
        <Card className="w-full max-w-lg">
          <CardHeader className="text-center">
            <h1 className="text-xl font-semibold leading-tight tracking-tight">E-Mail-Adresse bestätigen</h1>
          </CardHeader>
          <CardContent>
            <ConfirmEmailForm token={confirmToken} onConfirmed={() => setSearchParams({ confirmed: '1' }, { replace: true })} />
          </CardContent>
        </Card>
      </AuthShell>
    );
  }

  return (
    <AuthShell>
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
          <LinkNotice params={searchParams} />
          {signedUpEmail && tab === 'login' && (
            <Alert variant="info" className="mb-5">
              Wir senden eine Bestätigungs-E-Mail an <strong>{signedUpEmail}</strong>. Bitte bestätigen Sie Ihre
              Adresse, bevor Sie sich anmelden. Nach mehreren Registrierungen mit dieser Adresse an einem Tag kommt
              keine weitere E-Mail: Dann gilt der Link der neuesten Bestätigungs-E-Mail, zusammen mit Ihrem Passwort.
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
                defaultEmail={signedUpEmail ?? confirmedEmail ?? ''}
                defaultForgotOpen={searchParams.get('forgot') === '1'}
                defaultCodeStep={searchParams.get('code') === '1'}
                onSuccess={() => {
                  forgetSignupEmail();
                  navigate(paths.dashboard, { replace: true });
                }}
              />
            </TabsContent>
            <TabsContent value="signup">
              <SignupForm
                onSuccess={(email) => {
                  rememberSignupEmail(email);
                  setSignedUpEmail(email);
                  changeTab('login');
                }}
              />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
