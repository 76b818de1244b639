import { z } from 'zod';
import { signInCodeField } from '@/lib/one-time-code';
import { newPasswordField, PASSWORD_MIN_LENGTH, PASSWORDS_DIFFER, REPEAT_PASSWORD } from '@/lib/password';

export { PASSWORD_MIN_LENGTH };

const email = z
  .string()
  .trim()
  .min(1, 'Bitte geben Sie Ihre E-Mail-Adresse ein.')
  .pipe(z.email('Bitte geben Sie eine gültige E-Mail-Adresse ein.'));

export const loginInputSchema = z.object({
  email,
  password: z.string().min(1, 'Bitte geben Sie Ihr Passwort ein.'),
});

export type LoginInput = z.infer<typeof loginInputSchema>;

/** The second step of a sign-in: a code from the app, or a recovery code. */
export const loginCodeInputSchema = z.object({ code: signInCodeField });

export type LoginCodeInput = z.input<typeof loginCodeInputSchema>;

export const loginLinkInputSchema = z.object({ email });

export type LoginLinkInput = z.infer<typeof loginLinkInputSchema>;

/** "Passwort vergessen?" and "Bestätigungs-E-Mail erneut senden": only the address. */
export const emailInputSchema = z.object({ email });

export type EmailInput = z.infer<typeof emailInputSchema>;

/** The new password on `/auth/reset`, typed twice (the server checks the rest of its policy). */
export const newPasswordInputSchema = z
  .object({
    password: newPasswordField,
    passwordRepeat: z.string().min(1, REPEAT_PASSWORD),
  })
  .refine((values) => values.password === values.passwordRepeat, { path: ['passwordRepeat'], message: PASSWORDS_DIFFER });

export type NewPasswordInput = z.infer<typeof newPasswordInputSchema>;

export const signupInputSchema = z.object({
  name: z.string().trim().min(1, 'Bitte geben Sie Ihren Namen ein.'),
  organization: z.string().trim().min(1, 'Bitte geben Sie Ihre Organisation ein.'),
  email,
  password: z
    .string()
    .min(1, 'Bitte geben Sie ein Passwort ein.')
    .min(PASSWORD_MIN_LENGTH, `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`),
});

export type SignupInput = z.infer<typeof signupInputSchema>;
