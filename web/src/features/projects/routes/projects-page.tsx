import { PageHeader } from '@/components/ui/page-header';
import { NewProjectButton } from '../components/new-project-dialog';
import { ProjectList } from '../components/project-list';

/** `/dashboard/projects`: the user's long-form projects (audiobooks, courses). */
export function ProjectsPage() {
  return (
    <>
      <PageHeader
        title="Projekte"
        description="Lange Texte wie Hörbücher und Kurse: Kapitel für Kapitel vertonen, anhören und exportieren."
        actions={<NewProjectButton />}
      />
      <ProjectList />
    </>
  );
}
