import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { toastError } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form';
import type { ProjectPublication } from '../api/types';
import {
  publicationInput,
  publicationInputSchema,
  useUpdatePublication,
  type PublicationInput,
  type PublicationOutput,
} from '../api/update-publication';

/** Fields the server may name in a 422 (`fields`), shown under the matching control. */
const SERVER_FIELDS = ['author', 'publisher', 'genre', 'year', 'comment'] as const;

/** State of "Veröffentlichung": the five details as saved, checked as the server checks them, saved with PUT. */
export function usePublicationForm({ projectId, publication }: { projectId: string; publication: ProjectPublication }) {
  const form = useForm<PublicationInput, unknown, PublicationOutput>({
    resolver: zodResolver(publicationInputSchema),
    defaultValues: publicationInput(publication),
  });
  const save = useUpdatePublication({
    mutationConfig: {
      onSuccess: (saved) => {
        // The fields show what was saved (trimmed).
        form.reset(publicationInput(saved));
        toast.success('Veröffentlichung gespeichert', { id: 'publication-update', description: 'Jeder neue Export trägt diese Angaben.' });
      },
      onError: (error) => {
        if (applyServerFieldErrors(error, form.setError, SERVER_FIELDS)) return;
        toastError(error, 'Veröffentlichung konnte nicht gespeichert werden', 'publication-update');
      },
    },
  });
  return {
    form,
    saving: save.isPending,
    submit: form.handleSubmit((change) => save.mutate({ projectId, change })),
  };
}
