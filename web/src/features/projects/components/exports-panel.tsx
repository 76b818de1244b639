import { Download, PackageOpen } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { projectPath } from '@/config/paths';
import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { errorMessage, toastError } from '@/lib/errors';
import { formatBytes, formatDateTime } from '@/lib/format';
import { JOB_STATUS_LABELS, JOB_STATUS_VARIANTS } from '@/lib/job-status';
import { useLimits } from '@/lib/limits';
import { useCreateExport } from '../api/create-export';
import { usePublication } from '../api/get-publication';
import type { ExportFormat, ExportProfile, ExportView, ProjectDetail } from '../api/types';
import { DEFAULT_EXPORT_PROFILE, EXPORT_FORMATS, exportBlocker, exportFileName, exportLabel, exportProfile } from '../utils/project-rules';
import { ExportProfileChoice } from './export-profile-choice';
import { ExportStaleDialog } from './export-stale-dialog';

export { EXPORT_LOCKED_HINT } from '../utils/project-rules';

/** One toast for a failed export download: a repeat replaces it. */
export const EXPORT_DOWNLOAD_TOAST = 'export-download-error';

/** Fetches an export with the session cookie and saves it under the project's title. */
export async function downloadExport(item: ExportView, title: string): Promise<void> {
  if (!item.download_url) return;
  try {
    saveBlob(await api.blob(item.download_url), exportFileName(title, item.format));
  } catch (error) {
    toast.error('Download fehlgeschlagen', {
      id: EXPORT_DOWNLOAD_TOAST,
      description: errorMessage(error, 'Der Export konnte nicht heruntergeladen werden.'),
    });
  }
}

/**
 * Starts exports; while paragraphs changed since their render it asks first (the dialog
 * `asking` is for) whether to export them as last rendered or to render them first.
 */
function useExportStart(project: ProjectDetail, profile: ExportProfile) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState<ExportFormat | null>(null);
  const create = useCreateExport({
    mutationConfig: {
      onSuccess: (item) =>
        toast.success('Export gestartet', {
          id: 'export-create',
          description: `${exportLabel(item.format)} im Profil „${exportProfile(item.profile).label}“ wird erstellt.`,
        }),
      onError: (error) => toastError(error, 'Export konnte nicht gestartet werden', 'export-create'),
    },
  });
  const send = (format: ExportFormat, useRendered: boolean) =>
    create.mutate({ projectId: project.id, format, profile, useRendered }, { onSettled: () => setAsking(null) });
  const start = (format: ExportFormat) => (project.stale_paragraphs > 0 ? setAsking(format) : send(format, false));
  const dialog = (
    <ExportStaleDialog
      open={asking !== null}
      onOpenChange={(open) => !open && setAsking(null)}
      count={project.stale_paragraphs}
      chapters={project.chapters}
      pending={create.isPending}
      onUseRendered={() => asking && send(asking, true)}
      onRenderFirst={() => {
        const first = project.chapters.find((c) => c.stale_paragraphs > 0);
        if (first) navigate(projectPath(project.id, first.id));
      }}
    />
  );
  return { create, start, dialog };
}

/**
 * "Export": the whole project as an M4B audiobook, one MP3 with chapter marks, or a ZIP of
 * the chapter MP3s, in a profile (as rendered, for ACX, for podcasts), each made by the
 * server with progress. Possible once every chapter was joined and none is rendering;
 * paragraphs changed since their render are exported as last rendered, after asking.
 */
export function ExportsPanel({ project }: { project: ProjectDetail }) {
  const blocker = exportBlocker(project.chapters);
  const ready = blocker === null;
  const kept = useLimits().data?.exports_kept_per_format;
  const [profile, setProfile] = useState<ExportProfile>(DEFAULT_EXPORT_PROFILE);
  // The cover ACX would refuse (the panel works without it: the server checks again).
  const acxRefusal = usePublication(project.id).data?.cover?.acx_refusal ?? null;
  const { create, start, dialog } = useExportStart(project, profile);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Export</CardTitle>
        <CardDescription>
          Das ganze Projekt als Hörbuch oder als einzelne Kapitel herunterladen. Fertige Exporte stehen auch in der Wissensdatenbank
          {kept !== undefined && <>; je Format bleiben die {kept} neuesten</>}.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ExportProfileChoice value={profile} onChange={setProfile} acxRefusal={acxRefusal} disabled={create.isPending} />
        <div className="flex flex-col gap-2">
          {EXPORT_FORMATS.map(({ format, label }) => (
            <Button
              key={format}
              variant="outline"
              // A long label wraps in a narrow column instead of leaving the card.
              className="h-auto min-h-10 py-2 whitespace-normal"
              disabled={!ready || create.isPending}
              loading={create.isPending && create.variables?.format === format}
              onClick={() => start(format)}
              aria-describedby={ready ? undefined : `export-locked-${project.id}`}
              data-testid={`export-${format}`}
            >
              {label}
            </Button>
          ))}
          {!ready && (
            <p id={`export-locked-${project.id}`} className="text-xs text-muted-foreground" data-testid="export-locked">
              {blocker}
            </p>
          )}
        </div>
        {dialog}
        {project.exports.length > 0 ? (
          <ul className="flex flex-col gap-2" aria-label="Exporte">
            {project.exports.map((item) => (
              <ExportRow key={item.id} item={item} title={project.title} />
            ))}
          </ul>
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <PackageOpen className="size-4" aria-hidden="true" />
            Noch keine Exporte.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function ExportRow({ item, title }: { item: ExportView; title: string }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    await downloadExport(item, title);
    setDownloading(false);
  };
  const percent = Math.round(Math.min(1, Math.max(0, item.progress)) * 100);
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-border p-3 text-sm"
      data-testid="export-row"
      data-status={item.status}
      data-format={item.format}
      data-profile={item.profile}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{exportLabel(item.format)}</span>
          <Badge variant="outline" title={`Profil: ${exportProfile(item.profile).label}`} data-testid="export-row-profile">
            <span className="sr-only">Profil: </span>
            {exportProfile(item.profile).short}
          </Badge>
        </span>
        <Badge variant={JOB_STATUS_VARIANTS[item.status]}>{JOB_STATUS_LABELS[item.status]}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {formatDateTime(item.created_at)}
        {item.size_bytes !== null && <> · {formatBytes(item.size_bytes)}</>}
      </p>
      {item.status === 'processing' && (
        <Progress value={percent} label={`Fortschritt: ${exportLabel(item.format)}`} valueText={`${percent} %`} data-testid="export-progress" />
      )}
      {item.status === 'failed' && (
        <p className="text-xs font-medium text-destructive">{item.error ?? 'Der Export ist fehlgeschlagen.'}</p>
      )}
      {item.status === 'completed' && item.download_url && (
        <Button variant="outline" size="sm" className="self-start" loading={downloading} onClick={() => void download()} data-testid="export-download">
          {!downloading && <Download aria-hidden="true" />}
          Herunterladen
        </Button>
      )}
    </li>
  );
}
