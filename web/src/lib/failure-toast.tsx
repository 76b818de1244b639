import { toast } from 'sonner';
import { errorMessage } from './errors';

/**
 * An error toast in the specification's words: its `title` and, where it fixes one, its
 * `text`; the server's reason (or the retry hint) on a line below. `id` makes a repeat of
 * the same failure replace the earlier toast instead of stacking.
 */
export function toastFailure({ id, title, text, error }: { id: string; title: string; text?: string; error: unknown }): void {
  toast.error(title, {
    id,
    description: (
      <>
        {text && <span className="block">{text}</span>}
        <span className="block">{errorMessage(error)}</span>
      </>
    ),
  });
}
