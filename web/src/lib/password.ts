import { z } from 'zod';

/** The server's length rule for new passwords; the rest of its policy (common passwords,
 * the address, the name, the product name) it checks itself and answers per field. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** A new password field: required, within the length rule. */
export const newPasswordField = z
  .string()
  .min(1, 'Bitte geben Sie ein neues Passwort ein.')
  .min(PASSWORD_MIN_LENGTH, `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`)
  .max(PASSWORD_MAX_LENGTH, `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein.`);

export const PASSWORDS_DIFFER = 'Die Passwörter stimmen nicht überein.';
export const REPEAT_PASSWORD = 'Bitte wiederholen Sie das neue Passwort.';
