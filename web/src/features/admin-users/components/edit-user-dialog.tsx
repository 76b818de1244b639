import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useReauthPrompt } from '@/components/reauth/reauth-dialog';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toastError } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form';
import type { AdminUser } from '../api/types';
import { userUpdateSchema, useUpdateUser, type UserUpdateFormInput, type UserUpdateFormOutput } from '../api/update-user';
import { RoleSelect } from './role-select';

/** Name, organisation, role and "Anmeldung gesperrt" of one account. */
export function EditUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const form = useForm<UserUpdateFormInput, unknown, UserUpdateFormOutput>({
    resolver: zodResolver(userUpdateSchema),
    defaultValues: { name: user.name, organization: user.organization, role: user.role, disabled: user.disabled },
  });
  const errors = form.formState.errors;
  const reauth = useReauthPrompt();
  const mutation = useUpdateUser({
    mutationConfig: {
      onSuccess: (saved) => {
        toast.success('Gespeichert', { description: `Die Angaben von ${saved.name} wurden geändert.` });
        onClose();
      },
      onError: (error, variables) => {
        if (reauth.ask(error, () => mutation.mutate(variables))) return;
        if (applyServerFieldErrors(error, form.setError, ['name', 'organization', 'role', 'disabled'])) return;
        toastError(error, 'Speichern fehlgeschlagen');
      },
    },
  });

  return (
    <>
      <Dialog open onOpenChange={(open) => !open && onClose()} title="Benutzer bearbeiten" description={user.email}>
        <form
          noValidate
          aria-label="Benutzer bearbeiten"
          onSubmit={form.handleSubmit((change) => mutation.mutate({ id: user.id, change }))}
          className="flex flex-col gap-4"
        >
          <FormField label="Name" error={errors.name?.message}>
            <Input autoComplete="off" {...form.register('name')} />
          </FormField>
          <FormField label="Organisation" error={errors.organization?.message}>
            <Input autoComplete="off" {...form.register('organization')} />
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
          <label className="flex items-start gap-3 text-sm">
            <input type="checkbox" className="mt-0.5 size-4 accent-primary" {...form.register('disabled')} />
            <span>
              <span className="font-medium">Anmeldung gesperrt</span>
              <span className="block text-muted-foreground">Das Konto kann sich nicht mehr anmelden; offene Sitzungen enden.</span>
            </span>
          </label>
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
              Abbrechen
            </Button>
            <Button type="submit" loading={mutation.isPending} data-testid="edit-user-submit">
              Speichern
            </Button>
          </div>
        </form>
      </Dialog>
      {reauth.dialog}
    </>
  );
}
