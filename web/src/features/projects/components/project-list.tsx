import { BookAudio } from 'lucide-react';
import { useState } from 'react';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import { useProjects } from '../api/get-projects';
import type { ProjectSummary } from '../api/types';
import { DeleteProjectDialog } from './delete-project-dialog';
import { ProjectCard } from './project-card';

export const EMPTY_PROJECTS_TEXT = 'Noch keine Projekte. Legen Sie ein Projekt an, um ein Manuskript als Hörbuch zu vertonen.';

/** The user's projects as cards, newest first as the server sends them. */
export function ProjectList() {
  const projects = useProjects();
  const [deleting, setDeleting] = useState<ProjectSummary | null>(null);
  if (projects.isPending) return <LoadingSkeleton label="Projekte werden geladen…" />;
  if (projects.isError) {
    return <LoadErrorAlert title="Projekte konnten nicht geladen werden" error={projects.error} onRetry={() => void projects.refetch()} />;
  }
  if (projects.data.projects.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-dashed border-border px-6 py-12 text-center" data-testid="projects-empty">
        <BookAudio className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="max-w-md text-sm text-muted-foreground">{EMPTY_PROJECTS_TEXT}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Projekte">
        {projects.data.projects.map((project) => (
          <li key={project.id} className="flex flex-col [&>*]:flex-1">
            <ProjectCard project={project} onDelete={setDeleting} />
          </li>
        ))}
      </ul>
      <DeleteProjectDialog project={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
