/**
 * What a failed request tells the person. The API answers in German (`title`, `message`);
 * anything else (network failure, a bug) gets the caller's generic German fallback, so
 * no English browser text reaches the screen.
 */
import { toast } from 'sonner';
import { isApiError } from './api-client';

/** The generic hint under a failure that the server did not explain. */
export const RETRY_HINT = 'Bitte versuchen Sie es erneut.';

/** The hint where an immediate retry rarely helps (sign-in, mails, cleaning up jobs). */
export const RETRY_LATER_HINT = 'Bitte versuchen Sie es später erneut.';

/** The server's message of `error`, or `fallback` when it is no API error. */
export function errorMessage(error: unknown, fallback: string = RETRY_HINT): string {
  return serverMessage(error) ?? fallback;
}

/** The server's message of `error`, or nothing (a form field then shows no error). */
export function serverMessage(error: unknown): string | undefined {
  return isApiError(error) ? error.message : undefined;
}

/** The server's title of `error`, or `fallback` when it is no API error. */
export function errorTitle(error: unknown, fallback: string): string {
  return isApiError(error) ? error.title : fallback;
}

/** "<title>: <message>" of the server, or the retry hint: one line under a form field. */
export function errorSummary(error: unknown): string {
  return isApiError(error) ? `${error.title}: ${error.message}` : RETRY_HINT;
}

/**
 * An error toast with the server's title and message, or `fallbackTitle` and the retry hint.
 * One toast per failing action: `id` (the action's title unless given) makes a repeat
 * replace the earlier toast instead of stacking stale ones.
 */
export function toastError(error: unknown, fallbackTitle: string, id: string = fallbackTitle): void {
  toast.error(errorTitle(error, fallbackTitle), { id, description: errorMessage(error) });
}
