import { RefreshCw } from 'lucide-react';
import { errorMessage } from '@/lib/errors';
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
      <p>{errorMessage(error)}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        <RefreshCw aria-hidden="true" /> Erneut versuchen
      </Button>
    </Alert>
  );
}
