import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { projectPath } from '@/config/paths';
import { formatDate, formatEuroFromCents } from '@/lib/format';
import type { ProjectSummary } from '../api/types';
import { chapterCount, characterCount, paragraphProgress } from '../utils/project-rules';

/** One project of the list: its facts, its progress, a link to the editor and "Löschen". */
export function ProjectCard({ project, onDelete }: { project: ProjectSummary; onDelete: (project: ProjectSummary) => void }) {
  const progress = paragraphProgress(project.done_paragraphs, project.paragraph_count);
  return (
    <Card className="flex flex-col gap-3 p-5" data-testid="project-card" data-project-id={project.id}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-base font-semibold leading-tight">
            <Link to={projectPath(project.id)} className="break-words hover:underline" data-testid="project-link">
              {project.title}
            </Link>
          </h2>
          <p className="mt-1 text-xs text-muted-foreground">Zuletzt geändert am {formatDate(project.updated_at)}</p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => onDelete(project)}
          aria-label={`Projekt löschen: ${project.title}`}
          title="Projekt löschen"
          data-testid="project-delete"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground" data-testid="project-facts">
        <span>{chapterCount(project.chapter_count)}</span>
        <span>{characterCount(project.characters)}</span>
        <span className="whitespace-nowrap">{formatEuroFromCents(project.cost_cent)}</span>
      </p>
      <div className="flex flex-col gap-1.5">
        <p className="text-sm" data-testid="project-progress">
          {progress}
        </p>
        <Progress value={project.done_paragraphs} max={Math.max(1, project.paragraph_count)} label={`Fortschritt: ${project.title}`} valueText={progress} />
      </div>
    </Card>
  );
}
