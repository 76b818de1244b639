import { Alert } from '@/components/ui/alert';
import { errorMessage, errorTitle } from '@/lib/errors';

export type FormResult = { kind: 'success'; title: string; message?: string } | { kind: 'error'; title: string; message: string };

/** The result of a submitted form, where the person is looking (`role="status"` or `"alert"`). */
export function FormResultAlert({ result }: { result: FormResult | null }) {
  if (!result) return null;
  return (
    <Alert variant={result.kind} title={result.title}>
      {result.message}
    </Alert>
  );
}

/** A failure that no form field explains: the server's message, or a generic one. */
export function errorResult(error: unknown, fallbackTitle: string): FormResult {
  return { kind: 'error', title: errorTitle(error, fallbackTitle), message: errorMessage(error) };
}
