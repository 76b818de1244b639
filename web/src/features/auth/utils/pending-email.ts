/**
 * The address of a sign-up until it is confirmed, so the sign-in form after the
 * confirmation link comes prefilled. The server's confirmation (a redirect to
 * `/auth?confirmed=1`, or 204 for the password confirmation) does not name the address.
 * localStorage, not sessionStorage: the mail's link opens in a new tab, which starts
 * with an empty sessionStorage. Kept for a day at most and forgotten at the sign-in.
 */
const KEY = 'stimmwerk:signup-email';
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

export function rememberSignupEmail(email: string, now = Date.now()): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ email, at: now }));
  } catch {
    // Storage blocked (private mode): the form then simply starts empty.
  }
}

/** The remembered address, or null (none, unreadable or older than a day). */
export function pendingSignupEmail(now = Date.now()): string | null {
  try {
    const saved: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? 'null');
    if (!saved || typeof saved !== 'object') return null;
    const { email, at } = saved as { email?: unknown; at?: unknown };
    if (typeof email !== 'string' || typeof at !== 'number' || now - at > MAX_AGE_MS) return null;
    return email;
  } catch {
    return null;
  }
}

export function forgetSignupEmail(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
