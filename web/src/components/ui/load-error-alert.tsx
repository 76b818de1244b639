import { RefreshCw } from 'lucide-react';
import { isApiError } from '@/lib/api-client';
import { Alert } from './alert';
import { Button } from './button';

/** "… konnten nicht geladen werden" with the server's reason and an "Erneut versuchen" button. */
export function LoadErrorAlert({
  title,
  error,
  onRetry,
  className,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <Alert variant="error" title={title} className={className}>
      <p>{isApiError(error) ? error.message : 'Bitte versuchen Sie es erneut.'}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        <RefreshCw aria-hidden="true" /> Erneut versuchen
      </Button>
    </Alert>
  );
}
