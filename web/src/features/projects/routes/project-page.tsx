import { Link, useParams, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import { CHAPTER_PARAM, paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useVoiceList } from '@/lib/voices';
import { useProject } from '../api/get-project';
import type { ChapterSummary, ProjectDetail } from '../api/types';
import { ChapterList } from '../components/chapter-list';
import { ChapterPanel } from '../components/chapter-panel';
import { ExportsPanel } from '../components/exports-panel';
import { ProjectCast } from '../components/project-cast';
import { ProjectDictionary } from '../components/project-dictionary';
import { ProjectHeader } from '../components/project-header';
import { PublicationCard } from '../components/publication-card';
import { usePageTitle } from '../hooks/use-page-title';

/** The chapter named in the address, else the first one (an unknown id falls back too). */
export function openChapterId(chapters: ChapterSummary[], requested: string | null): string | null {
  return chapters.find((c) => c.id === requested)?.id ?? chapters[0]?.id ?? null;
}

/** `/dashboard/projects/:projectId`: the editor of one project. */
export function ProjectPage() {
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  usePageTitle(project.data?.title);
  if (project.isPending) {
    return (
      <>
        <PageHeader title="Projekt" />
        <LoadingSkeleton label="Projekt wird geladen…" rows={4} />
      </>
    );
  }
  if (project.isError) {
    return (
      <>
        <PageHeader title="Projekt" />
        {isApiError(project.error) && project.error.status === 404 ? (
          <Alert variant="error" title="Projekt nicht gefunden">
            <p>Dieses Projekt gibt es nicht (mehr).</p>
            <Link to={paths.projects} className="mt-2 inline-block font-medium underline">
              Zu den Projekten
            </Link>
          </Alert>
        ) : (
          <LoadErrorAlert title="Projekt konnte nicht geladen werden" error={project.error} onRetry={() => void project.refetch()} />
        )}
      </>
    );
  }
  return <ProjectEditor project={project.data} />;
}

function ProjectEditor({ project }: { project: ProjectDetail }) {
  const [params] = useSearchParams();
  const voices = useVoiceList().data?.voices ?? [];
  const chapterId = openChapterId(project.chapters, params.get(CHAPTER_PARAM));
  const index = project.chapters.findIndex((c) => c.id === chapterId);
  return (
    <>
      <ProjectHeader project={project} voices={voices} />
      {/* On a phone: chapters, the open chapter, then the exports and the publication; beside each other these sit under the chapters.
          On a small laptop (1024 px with the sidebar open) the chapter column is narrower, so the open chapter keeps room for its actions. */}
      <div className="grid items-start gap-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr] xl:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <ChapterList projectId={project.id} chapters={project.chapters} selectedId={chapterId} />
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {chapterId ? (
            // A new chapter starts with fresh state (an open editor, a confirm dialog).
            <ChapterPanel
              key={chapterId}
              projectId={project.id}
              chapterId={chapterId}
              number={index + 1}
              previous={project.chapters[index - 1] ?? null}
              voices={voices}
            />
          ) : (
            <p className="text-sm text-muted-foreground">Dieses Projekt hat keine Kapitel.</p>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-2">
          <ExportsPanel project={project} />
          <ProjectDictionary projectId={project.id} />
          <ProjectCast projectId={project.id} voices={voices} />
          <PublicationCard projectId={project.id} />
        </div>
      </div>
    </>
  );
}
