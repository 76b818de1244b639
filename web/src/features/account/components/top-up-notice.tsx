import { Alert } from '@/components/ui/alert';
import type { TopUpReturn } from '../hooks/use-top-up-return';

export const TOP_UP_SUCCESS_TEXT = 'Vielen Dank! Ihr Guthaben wird gutgeschrieben, sobald die Zahlung bestätigt ist.';
export const TOP_UP_CANCEL_TEXT = 'Die Zahlung wurde abgebrochen. Es wurde nichts abgebucht.';

/** What happened on Stripe's payment page, after the way back (`?topup=…`). */
export function TopUpNotice({ result }: { result: TopUpReturn }) {
  if (!result) return null;
  return (
    <div data-testid="top-up-notice" data-result={result}>
      {result === 'success' ? (
        <Alert variant="success">
          {TOP_UP_SUCCESS_TEXT}
        </Alert>
      ) : (
        <Alert variant="info">
          {TOP_UP_CANCEL_TEXT}
        </Alert>
      )}
    </div>
  );
}
