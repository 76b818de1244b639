import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import type { User } from '@/lib/auth';
import { applyServerFieldErrors } from '@/lib/form';
import { profileInputSchema, useUpdateProfile, type ProfileInput, type ProfileOutput } from '../api/update-profile';
import { errorResult, FormResultAlert, type FormResult } from './form-result';

/** "Profil bearbeiten": name and organisation. */
export function ProfileForm({ user }: { user: User }) {
  const [result, setResult] = useState<FormResult | null>(null);
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileInputSchema),
    defaultValues: { name: user.name, organization: user.organization },
  });
  const { errors } = form.formState;

  const mutation = useUpdateProfile({
    mutationConfig: {
      onSuccess: (updated) => {
        form.reset({ name: updated.name, organization: updated.organization });
        setResult({ kind: 'success', title: 'Profil gespeichert.' });
      },
      onError: (error) => {
        if (applyServerFieldErrors(error, form.setError, ['name', 'organization'])) return;
        setResult(errorResult(error, 'Speichern fehlgeschlagen'));
      },
    },
  });

  const onSubmit = (values: ProfileOutput) => {
    setResult(null);
    mutation.mutate(values);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle id="profile-title">Profil bearbeiten</CardTitle>
        <CardDescription>Ihr Name erscheint oben in der Leiste; die E-Mail-Adresse bleibt unverändert.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-labelledby="profile-title"
          onSubmit={form.handleSubmit(onSubmit)}
          className="flex flex-col gap-4"
          data-testid="profile-form"
        >
          <FormField label="Name" error={errors.name?.message}>
            <Input autoComplete="name" {...form.register('name')} />
          </FormField>
          <FormField label="Organisation" error={errors.organization?.message}>
            <Input autoComplete="organization" {...form.register('organization')} />
          </FormField>
          <FormResultAlert result={result} />
          <div className="flex justify-end">
            <Button type="submit" loading={mutation.isPending}>
              {!mutation.isPending && <Save aria-hidden="true" />}
              Profil speichern
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
