import { useState } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import { toastError } from '@/lib/errors';
import type { Voice } from '@/lib/voices';
import { useCharacters, useDeleteCharacter } from '../api/characters';
import type { ProjectCharacter } from '../api/types';
import { AddCharacterForm } from './add-character-form';
import { CharacterRow } from './character-row';

/**
 * "Rollen": the project's cast. Each character reads the quotations („…“) it is given in a
 * paragraph ("Rollen" there) in its own voice; the rest is the narrator's. A new voice or a
 * removed character makes those paragraphs stale; rendering them again stays the user's choice.
 */
export function ProjectCast({ projectId, voices }: { projectId: string; voices: Voice[] }) {
  const characters = useCharacters(projectId);
  const [removing, setRemoving] = useState<ProjectCharacter | null>(null);
  const remove = useDeleteCharacter({
    mutationConfig: {
      onSuccess: () => toast.success('Rolle entfernt', { id: 'project-character', description: 'Ihre Zitate liest wieder der Erzähler.' }),
      onError: (error) => toastError(error, 'Rolle konnte nicht entfernt werden', 'project-character'),
      onSettled: () => setRemoving(null),
    },
  });
  return (
    <Card data-testid="project-cast">
      <CardHeader>
        <CardTitle>Rollen</CardTitle>
        <CardDescription>Figuren sprechen ihre Zitate („…“) mit eigener Stimme. Welche, legen Sie am Absatz unter „Rollen“ fest.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {characters.isPending && <LoadingSkeleton label="Rollen werden geladen…" rows={1} />}
        {characters.isError && <LoadErrorAlert title="Rollen konnten nicht geladen werden" error={characters.error} onRetry={() => void characters.refetch()} />}
        {characters.data?.length === 0 && <p className="text-sm text-muted-foreground">Noch keine Rollen: alles liest der Erzähler.</p>}
        {characters.data && characters.data.length > 0 && (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" aria-label="Rollen dieses Projekts">
            {characters.data.map((character) => (
              <CharacterRow key={character.id} projectId={projectId} character={character} voices={voices} onRemove={setRemoving} />
            ))}
          </ul>
        )}
        <AddCharacterForm projectId={projectId} voices={voices} />
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Rolle entfernen?"
        description={`Die Zitate von „${removing?.name ?? ''}“ liest danach wieder der Erzähler; diese Absätze sind neu zu vertonen.`}
        confirmLabel="Entfernen"
        destructive
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate({ projectId, characterId: removing.id })}
        confirmTestId="character-remove-confirm"
      />
    </Card>
  );
}
