import { useMutation, useQuery, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { projectKeys } from './keys';
import type { NewProjectCharacter, ProjectCharacter, ProjectCharacterChange, ProjectCharacterList } from './types';

const charactersUrl = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/characters`;
const characterUrl = (projectId: string, characterId: string) => `${charactersUrl(projectId)}/${encodeURIComponent(characterId)}`;

/** `GET /api/projects/{id}/characters`: the cast, whose quotations are read in their own voice. */
export function useCharacters(projectId: string) {
  return useQuery({
    queryKey: projectKeys.characters(projectId),
    queryFn: ({ signal }) => api.get<ProjectCharacterList>(charactersUrl(projectId), { signal }),
    select: (list) => list.characters,
  });
}

export type CreateCharacterVariables = { projectId: string; character: NewProjectCharacter };
export type UpdateCharacterVariables = { projectId: string; characterId: string; change: ProjectCharacterChange };
export type DeleteCharacterVariables = { projectId: string; characterId: string };

/** `POST`: a new character (409: the name is taken, or the project has 50). */
export function createCharacter({ projectId, character }: CreateCharacterVariables): Promise<ProjectCharacter> {
  return api.post<ProjectCharacter>(charactersUrl(projectId), character);
}

/** `PATCH`: its name or voice (a new voice makes its paragraphs stale). */
export function updateCharacter({ projectId, characterId, change }: UpdateCharacterVariables): Promise<ProjectCharacter> {
  return api.patch<ProjectCharacter>(characterUrl(projectId, characterId), change);
}

/** `DELETE`: its quotations are read by the narrator again. */
export function deleteCharacter({ projectId, characterId }: DeleteCharacterVariables): Promise<void> {
  return api.delete(characterUrl(projectId, characterId));
}

/**
 * A change of the cast reads the whole project again: a character's new voice or its removal
 * makes the paragraphs it speaks in stale (rendering them again stays the user's choice).
 */
function useCastMutation<V extends { projectId: string }, R>(mutationFn: (variables: V) => Promise<R>, mutationConfig?: Omit<UseMutationOptions<R, Error, V>, 'mutationFn'>) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn,
    onSuccess: async (data, variables, ...args) => {
      onSuccess?.(data, variables, ...args);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.project(variables.projectId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
      ]);
    },
  });
}

export const useCreateCharacter = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createCharacter> } = {}) =>
  useCastMutation(createCharacter, mutationConfig);
export const useUpdateCharacter = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateCharacter> } = {}) =>
  useCastMutation(updateCharacter, mutationConfig);
export const useDeleteCharacter = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteCharacter> } = {}) =>
  useCastMutation(deleteCharacter, mutationConfig);
