import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form';
import { updateClone } from '../api/clone-actions';
import { refreshClones } from '../api/get-clones';
import type { CloneVoice } from '../api/types';

export const editCloneSchema = z.object({
  name: z.string().trim().min(1, 'Bitte geben Sie einen Namen ein.').max(100, 'Höchstens 100 Zeichen.'),
  description: z.string().trim().max(500, 'Höchstens 500 Zeichen.'),
  tags: z.string(),
});
type EditCloneForm = z.infer<typeof editCloneSchema>;

/** Tags as typed: comma-separated, trimmed, empties dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

/** "Bearbeiten": name, description and tags of an own clone. */
export function EditCloneDialog({ voice, onClose }: { voice: CloneVoice; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<EditCloneForm>({
    resolver: zodResolver(editCloneSchema),
    defaultValues: { name: voice.name, description: voice.description ?? '', tags: voice.tags.join(', ') },
  });
  const errors = form.formState.errors;
  const mutation = useMutation({
    mutationFn: (values: EditCloneForm) =>
      updateClone(voice.id, { name: values.name, description: values.description, tags: parseTags(values.tags) }),
    onSuccess: (saved) => {
      toast.success('Gespeichert', { description: `„${saved.name}“ wurde geändert.` });
      onClose();
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, form.setError, ['name', 'description', 'tags'])) return;
      toast.error('Speichern fehlgeschlagen', { id: 'clone-edit', description: errorMessage(error) });
    },
    onSettled: () => refreshClones(queryClient),
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Stimme bearbeiten" description={voice.name}>
      <form noValidate aria-label="Stimme bearbeiten" onSubmit={form.handleSubmit((v) => mutation.mutate(v))} className="flex flex-col gap-4">
        <FormField label="Name" error={errors.name?.message}>
          <Input autoComplete="off" {...form.register('name')} data-testid="edit-clone-name" />
        </FormField>
        <FormField label="Beschreibung" error={errors.description?.message}>
          <Textarea rows={3} {...form.register('description')} />
        </FormField>
        <FormField label="Tags" hint="Durch Kommas getrennt, z. B. podcast, warm" error={errors.tags?.message}>
          <Input autoComplete="off" {...form.register('tags')} data-testid="edit-clone-tags" />
        </FormField>
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            Abbrechen
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid="edit-clone-submit">
            Speichern
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
