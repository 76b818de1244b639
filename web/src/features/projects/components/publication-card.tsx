import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import { usePublication } from '../api/get-publication';
import { CoverField } from './cover-field';
import { PublicationForm } from './publication-form';

/**
 * "Veröffentlichung": what every export carries besides its audio, so that a store or a
 * player lists the book properly. Title and album are the project's title.
 */
export function PublicationCard({ projectId }: { projectId: string }) {
  const titleId = useId();
  const publication = usePublication(projectId);
  return (
    <Card data-testid="publication">
      <CardHeader>
        <CardTitle id={titleId}>Veröffentlichung</CardTitle>
        <CardDescription>Angaben und Cover für jeden Export; Titel und Album sind der Titel des Projekts.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {publication.isPending && <LoadingSkeleton label="Veröffentlichung wird geladen…" rows={2} />}
        {publication.isError && (
          <LoadErrorAlert title="Veröffentlichung konnte nicht geladen werden" error={publication.error} onRetry={() => void publication.refetch()} />
        )}
        {publication.data && (
          <>
            <CoverField projectId={projectId} cover={publication.data.cover ?? null} />
            <PublicationForm projectId={projectId} publication={publication.data} labelledBy={titleId} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
