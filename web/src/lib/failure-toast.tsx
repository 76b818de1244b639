import { toast } from 'sonner';
import { isApiError } from './api-client';
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

/**
 * Refusals whose title the specification words itself and the server sends as such
 * ("Unzureichendes Guthaben", "Text zu lang", "Demo-Limit erreicht").
 */
const OWN_TITLED_REFUSALS = new Set(['insufficient_balance', 'validation', 'demo_limit']);

/**
 * A failed generation: the spec's `title` ("Fehler bei der TTS-Generierung", "Fehler bei
 * der Audio-Generierung") with the server's reason below; a refusal the spec words itself
 * keeps the server's title. One toast per `id`: a repeat replaces it.
 */
export function toastGenerationFailure({ id, title, error, unknownReason }: { id: string; title: string; error: unknown; unknownReason?: string }): void {
  if (isApiError(error) && OWN_TITLED_REFUSALS.has(error.code)) {
    toast.error(error.title, { id, description: error.message });
    return;
  }
  toast.error(title, { id, description: isApiError(error) ? error.message : (unknownReason ?? errorMessage(error)) });
}
