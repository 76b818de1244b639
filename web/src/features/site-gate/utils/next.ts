/** Mail links (confirm, login link, ...) the server sent through the gate as `/?next=…`. */
const MAIL_LINK_PREFIX = '/api/auth/';

/**
 * The `next` target of the current URL when it is a mail link of this site that should
 * continue after the gate opens; null otherwise (anything else, e.g. another origin).
 */
export function mailLinkTarget(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith(MAIL_LINK_PREFIX) ? next : null;
}

/** Gate constants (spec section 9). */
export const LOCKOUT_SECONDS_DEFAULT = 30;

/** The lock notice with the seconds still to wait (the server's own wording). */
export function lockedMessage(seconds: number): string {
  return `Zu viele fehlgeschlagene Versuche. Warten Sie ${seconds} Sekunden.`;
}
