import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { LoadingScreen } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useResetLinkCheck } from '../api/check-reset-link';
import { AuthShell } from '../components/auth-shell';
import { NewPasswordForm } from '../components/new-password-form';
import { paths } from '@/config/paths';

/** The server's words for a used, expired or unknown link (shown also when the token is missing). */
export const INVALID_RESET_LINK = 'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.';

function InvalidLink({ message, focus }: { message: string; focus: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // After a refused submit the form is gone: the focus moves here instead of to nowhere.
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div ref={ref} tabIndex={-1} className="flex flex-col gap-4 focus:outline-none">
      <Alert variant="error" title="Link ungültig">
        {message}
      </Alert>
      <ButtonLink to={paths.forgotPassword} size="lg" className="w-full">
        Neuen Link anfordern
      </ButtonLink>
      <Link to={paths.auth} className="self-center text-sm text-primary underline-offset-4 hover:underline">
        Zur Anmeldung
      </Link>
    </div>
  );
}

/**
 * `/auth/reset?token=…`, opened from the reset mail: sets a new password once. The link is
 * checked first, so a used or expired one says so at once instead of after typing twice.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token')?.trim() ?? '';
  const [invalid, setInvalid] = useState<{ message: string; afterSubmit: boolean } | null>(
    token ? null : { message: INVALID_RESET_LINK, afterSubmit: false },
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const check = useResetLinkCheck(invalid ? '' : token);
  const refused = isApiError(check.error) && check.error.status === 422 ? check.error.message : null;

  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);

  return (
    <AuthShell>
      <Card className="w-full max-w-lg">
        <CardHeader className="text-center">
          <h1
            ref={heading}
            tabIndex={-1}
            data-page-heading
            className="text-xl font-semibold leading-tight tracking-tight focus:outline-none"
          >
            Neues Passwort festlegen
          </h1>
          <CardDescription>
            Wählen Sie ein neues Passwort für Ihr Stimmwerk-Konto. Danach sind Sie überall abgemeldet und melden sich mit
            dem neuen Passwort an.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {invalid ? (
            <InvalidLink message={invalid.message} focus={invalid.afterSubmit} />
          ) : refused ? (
            <InvalidLink message={refused} focus={false} />
          ) : check.isPending ? (
            <LoadingScreen label="Link wird geprüft..." className="min-h-40" />
          ) : check.isError ? (
            <LoadErrorAlert
              title="Der Link konnte nicht geprüft werden"
              error={check.error}
              onRetry={() => void check.refetch()}
            />
          ) : (
            <NewPasswordForm
              token={token}
              onSuccess={() => navigate(paths.passwordChanged, { replace: true })}
              onInvalidLink={(message) => setInvalid({ message, afterSubmit: true })}
            />
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
