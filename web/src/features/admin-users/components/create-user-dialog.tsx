import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useReauthPrompt } from '@/components/reauth/reauth-dialog';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toastFailure } from '@/lib/failure-toast';
import { applyServerFieldErrors } from '@/lib/form';
import { PASSWORD_MIN_LENGTH } from '@/lib/password';
import { newUserSchema, useCreateUser, type NewUserFormInput, type NewUserFormOutput } from '../api/create-user';
import { RoleSelect } from './role-select';

const EMPTY: NewUserFormInput = { name: '', email: '', organization: '', password: '', role: 'user' };

/** "Neuen Benutzer hinzufügen": the account is confirmed at once; closes and clears on success. */
export function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useForm<NewUserFormInput, unknown, NewUserFormOutput>({ resolver: zodResolver(newUserSchema), defaultValues: EMPTY });
  const errors = form.formState.errors;
  const reauth = useReauthPrompt();
  const mutation = useCreateUser({
    mutationConfig: {
      onSuccess: (user) => {
        toast.success('Erfolg', { description: `Benutzer wurde erfolgreich erstellt. ${user.name} (${user.email}) kann sich jetzt anmelden.` });
        form.reset(EMPTY);
        onOpenChange(false);
      },
      onError: (error, variables) => {
        if (reauth.ask(error, () => mutation.mutate(variables))) return;
        if (applyServerFieldErrors(error, form.setError, ['name', 'email', 'organization', 'password', 'role'])) return;
        toastFailure({ id: 'admin-create-user', title: 'Fehler', text: 'Benutzer konnte nicht erstellt werden.', error });
      },
    },
  });
  const close = (next: boolean) => {
    if (!next) form.reset(EMPTY);
    onOpenChange(next);
  };

  return (
    <>
      <Dialog open={open} onOpenChange={close} title="Neuen Benutzer hinzufügen" description="Das Konto ist sofort bestätigt.">
        <form noValidate aria-label="Neuen Benutzer hinzufügen" onSubmit={form.handleSubmit((v) => mutation.mutate(v))} className="flex flex-col gap-4">
          <FormField label="Name" error={errors.name?.message}>
            <Input autoComplete="off" {...form.register('name')} />
          </FormField>
          <FormField label="E-Mail" error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...form.register('email')} />
          </FormField>
          <FormField label="Organisation" error={errors.organization?.message}>
            <Input autoComplete="off" {...form.register('organization')} />
          </FormField>
          <FormField label="Passwort" error={errors.password?.message} hint={`Mindestens ${PASSWORD_MIN_LENGTH} Zeichen.`}>
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <FormField label="Rolle" error={errors.role?.message}>
                <RoleSelect value={field.value} onChange={field.onChange} />
              </FormField>
            )}
          />
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => close(false)} disabled={mutation.isPending}>
              Abbrechen
            </Button>
            <Button type="submit" loading={mutation.isPending} data-testid="create-user-submit">
              Benutzer anlegen
            </Button>
          </div>
        </form>
      </Dialog>
      {reauth.dialog}
    </>
  );
}
