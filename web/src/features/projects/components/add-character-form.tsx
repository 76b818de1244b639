import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { toastError } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form';
import type { Voice } from '@/lib/voices';
import { useCreateCharacter } from '../api/characters';
import { VoiceSelect } from './voice-select';

export const characterName = z.string().trim().min(1, 'Bitte geben Sie einen Namen ein.').max(100, 'Höchstens 100 Zeichen.');

const characterSchema = z.object({
  name: characterName,
  voice_id: z.string().min(1, 'Bitte wählen Sie eine Stimme.'),
});
type CharacterForm = z.infer<typeof characterSchema>;

/** "Rolle hinzufügen": a name (unique in the project) and the voice that reads its quotations. */
export function AddCharacterForm({ projectId, voices }: { projectId: string; voices: Voice[] }) {
  const voiceId = useId();
  const form = useForm<CharacterForm>({ resolver: zodResolver(characterSchema), defaultValues: { name: '', voice_id: '' } });
  const create = useCreateCharacter({
    mutationConfig: {
      onSuccess: () => form.reset({ name: '', voice_id: '' }),
      onError: (error) => {
        if (applyServerFieldErrors(error, form.setError, ['name', 'voice_id'])) return;
        // 409: the name is taken, or the project has as many characters as it may.
        if (isApiError(error) && error.status === 409) return form.setError('name', { type: 'server', message: error.message });
        toastError(error, 'Rolle konnte nicht angelegt werden', 'project-character');
      },
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((character) => create.mutate({ projectId, character }));
  return (
    <form noValidate onSubmit={submit} aria-label="Rolle hinzufügen" className="flex flex-col gap-3">
      <FormField label="Name der Rolle" error={errors.name?.message}>
        <Input autoComplete="off" placeholder="z. B. Marie" {...form.register('name')} data-testid="character-name" />
      </FormField>
      <div className="flex flex-col gap-2">
        <Label htmlFor={voiceId}>Stimme der Rolle</Label>
        <Controller
          control={form.control}
          name="voice_id"
          render={({ field }) => (
            <VoiceSelect
              id={voiceId}
              voices={voices}
              value={field.value || null}
              onChange={(next) => field.onChange(next ?? '')}
              className="w-full"
              aria-invalid={errors.voice_id ? true : undefined}
              aria-describedby={errors.voice_id ? `${voiceId}-error` : undefined}
              data-testid="character-voice"
            />
          )}
        />
        <FieldError id={`${voiceId}-error`} message={errors.voice_id?.message} />
      </div>
      <Button type="submit" variant="outline" className="self-start" loading={create.isPending} data-testid="character-add">
        {!create.isPending && <Plus aria-hidden="true" />}
        Rolle hinzufügen
      </Button>
    </form>
  );
}
