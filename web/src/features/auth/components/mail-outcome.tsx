import { Alert } from '@/components/ui/alert';
import { RETRY_LATER_HINT, errorMessage } from '@/lib/errors';

/** The answer to "send me a mail": the server's message, or why nothing was sent. */
export type MailOutcomeState = { kind: 'sent' | 'failed'; message: string } | null;

export function failedOutcome(error: unknown): MailOutcomeState {
  return { kind: 'failed', message: errorMessage(error, RETRY_LATER_HINT) };
}

/** The server's message in a status region (always present, so it is announced), a failure as an alert. */
export function MailOutcome({ outcome, failedTitle }: { outcome: MailOutcomeState; failedTitle: string }) {
  return (
    <>
      <div role="status" className="empty:hidden">
        {outcome?.kind === 'sent' && (
          <p className="rounded-lg border border-success/25 bg-success-soft px-4 py-3 text-sm text-success">
            {outcome.message}
          </p>
        )}
      </div>
      {outcome?.kind === 'failed' && (
        <Alert variant="error" title={failedTitle}>
          {outcome.message}
        </Alert>
      )}
    </>
  );
}
