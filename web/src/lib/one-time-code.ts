import { z } from 'zod';

/** Digits of a code from an authenticator app (TOTP, RFC 6238). */
export const TOTP_DIGITS = 6;

/** Spaces people type or paste into a code ("123 456") are not part of it. */
function compact(value: string): string {
  return value.replace(/\s+/g, '');
}

/** A code from the authenticator app: exactly six digits. */
export const totpCodeField = z
  .string()
  .transform(compact)
  .pipe(
    z
      .string()
      .min(1, 'Bitte geben Sie den Code aus Ihrer App ein.')
      .regex(/^\d{6}$/, 'Der Code besteht aus 6 Ziffern.'),
  );

/** A code from the app, or one of the recovery codes ("abcde-fghjk"). */
export const signInCodeField = z
  .string()
  .transform(compact)
  .pipe(
    z
      .string()
      .min(1, 'Bitte geben Sie den Code aus Ihrer App oder einen Wiederherstellungscode ein.')
      .refine((code) => !/^\d+$/.test(code) || code.length === TOTP_DIGITS, 'Der Code besteht aus 6 Ziffern.'),
  );
