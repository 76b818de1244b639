import { ArrowLeft } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { toastError } from '@/lib/errors';
import { formatEuroFromCents, formatNumber } from '@/lib/format';
import type { Voice } from '@/lib/voices';
import { useUpdateProject } from '../api/update-project';
import type { ProjectDetail } from '../api/types';
import { EditableTitle } from './editable-title';
import { VoiceSelect } from './voice-select';

/** "Gesamt: 123.456 Zeichen · 123,46 €, davon noch zu vertonen: 12,00 €" */
export function projectTotals(project: Pick<ProjectDetail, 'characters' | 'cost_cent' | 'stale_cost_cent'>): string {
  return `Gesamt: ${formatNumber(project.characters)} Zeichen · ${formatEuroFromCents(project.cost_cent)}, davon noch zu vertonen: ${formatEuroFromCents(project.stale_cost_cent)}`;
}

/** "Bisher ausgegeben: 1,23 €": what the project's renders cost so far, less refunds. */
export function projectSpent(project: Pick<ProjectDetail, 'spent_cent'>): string {
  return `Bisher ausgegeben: ${formatEuroFromCents(project.spent_cent)}`;
}

/** The editor's head: the project's title (renamable), its voice, what it costs and what it cost so far. */
export function ProjectHeader({ project, voices }: { project: ProjectDetail; voices: Voice[] }) {
  const voiceId = useId();
  const update = useUpdateProject({
    mutationConfig: {
      onSuccess: (_saved, { change }) => {
        if (change.voice_id) {
          toast.success('Stimme des Projekts geändert', { id: 'project-update', description: 'Absätze mit dieser Stimme sind jetzt neu zu vertonen.' });
        }
      },
      onError: (error) => toastError(error, 'Projekt konnte nicht gespeichert werden', 'project-update'),
    },
  });
  return (
    <header className="mb-6 flex flex-col gap-3">
      <Link to={paths.projects} className="inline-flex items-center gap-1 self-start text-sm text-muted-foreground hover:text-foreground hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Alle Projekte
      </Link>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <EditableTitle
          value={project.title}
          level={1}
          what="Projekttitel"
          onSave={(title) => update.mutate({ projectId: project.id, change: { title } })}
          saving={update.isPending && update.variables?.change.title !== undefined}
          testId="project-title"
        />
        <div className="flex w-full flex-col gap-2 lg:w-72">
          <Label htmlFor={voiceId}>Stimme des Projekts</Label>
          <VoiceSelect
            id={voiceId}
            voices={voices}
            value={project.voice_id ?? null}
            onChange={(voice) => voice && update.mutate({ projectId: project.id, change: { voice_id: voice } })}
            data-testid="project-voice"
          />
        </div>
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span data-testid="project-totals">{projectTotals(project)}</span>
        <span data-testid="project-spent">{projectSpent(project)}</span>
      </p>
    </header>
  );
}
