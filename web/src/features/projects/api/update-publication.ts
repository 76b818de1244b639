import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { countChars } from '@/lib/format';
import type { MutationConfig } from '@/lib/react-query';
import { projectKeys } from './keys';
import type { ProjectPublication, PublicationChange } from './types';

/** The server's limits (`domain::publication`), counted as it counts: characters of the trimmed text. */
export const PUBLICATION_NAME_MAX_CHARS = 200;
export const PUBLICATION_COMMENT_MAX_CHARS = 2_000;
export const YEAR_MESSAGE = 'Bitte geben Sie ein Jahr mit vier Ziffern an.';

const upTo = (max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => countChars(v) <= max, message);

const name = (label: string) => upTo(PUBLICATION_NAME_MAX_CHARS, `${label} darf höchstens ${PUBLICATION_NAME_MAX_CHARS} Zeichen lang sein.`);

/** The form's fields as typed (the year as text); out comes the body of the PUT. */
export const publicationInputSchema = z.object({
  author: name('Der Autor'),
  publisher: name('Der Verlag'),
  genre: name('Das Genre'),
  year: z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d{4}$/.test(v) && Number(v) >= 1000), YEAR_MESSAGE)
    .transform((v) => (v === '' ? null : Number(v))),
  comment: upTo(PUBLICATION_COMMENT_MAX_CHARS, `Der Kommentar darf höchstens ${PUBLICATION_COMMENT_MAX_CHARS.toLocaleString('de-DE')} Zeichen lang sein.`),
});

export type PublicationInput = z.input<typeof publicationInputSchema>;
export type PublicationOutput = z.output<typeof publicationInputSchema>;

/** The form's values of saved details. */
export function publicationInput(publication: ProjectPublication): PublicationInput {
  const { author, publisher, genre, year, comment } = publication;
  return { author, publisher, genre, year: year == null ? '' : String(year), comment };
}

export type UpdatePublicationVariables = { projectId: string; change: PublicationChange };

/** `PUT /api/projects/{id}/publication`: sets all five details at once (422 with German field errors). */
export function updatePublication({ projectId, change }: UpdatePublicationVariables): Promise<ProjectPublication> {
  return api.put<ProjectPublication>(`/api/projects/${encodeURIComponent(projectId)}/publication`, change);
}

export function useUpdatePublication({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updatePublication> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: updatePublication,
    // The answer is the whole view as saved: the form and the exports panel show it at once.
    onSuccess: (publication, variables, ...args) => {
      queryClient.setQueryData(projectKeys.publication(variables.projectId), publication);
      onSuccess?.(publication, variables, ...args);
    },
  });
}
