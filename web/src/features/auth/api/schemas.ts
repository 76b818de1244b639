import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;

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

export const loginLinkInputSchema = z.object({ email });

export type LoginLinkInput = z.infer<typeof loginLinkInputSchema>;

/** "Passwort vergessen?" and "Bestätigungs-E-Mail erneut senden": only the address. */
export const emailInputSchema = z.object({ email });

export type EmailInput = z.infer<typeof emailInputSchema>;

export const PASSWORD_MAX_LENGTH = 128;

/** The new password on `/auth/reset`, typed twice (the server checks the rest of its policy). */
export const newPasswordInputSchema = z
  .object({
    password: z
      .string()
      .min(1, 'Bitte geben Sie ein neues Passwort ein.')
      .min(PASSWORD_MIN_LENGTH, `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`)
      .max(PASSWORD_MAX_LENGTH, `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein.`),
    passwordRepeat: z.string().min(1, 'Bitte wiederholen Sie das neue Passwort.'),
  })
  .refine((values) => values.password === values.passwordRepeat, {
    path: ['passwordRepeat'],
    message: 'Die Passwörter stimmen nicht überein.',
  });

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
