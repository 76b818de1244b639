import { toast } from 'sonner';
import { isApiError } from '@/lib/api-client';

/** The server's title and message as an error toast (e.g. the 409 for one's own account). */
export function toastError(error: unknown, fallbackTitle: string) {
  if (isApiError(error)) toast.error(error.title, { description: error.message });
  else toast.error(fallbackTitle, { description: 'Bitte versuchen Sie es erneut.' });
}
