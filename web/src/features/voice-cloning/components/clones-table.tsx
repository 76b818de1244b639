import { Globe2, Info } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Tooltip } from '@/components/ui/tooltip';
import { VoicePreviewButton } from '@/components/voice-preview/voice-preview-button';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import type { CloneVoice } from '../api/types';
import type { useCloneActions } from '../hooks/use-clone-actions';
import { CLONE_STATUS_LABELS, CLONE_STATUS_VARIANTS, isAudible, trainingProgress } from '../utils/clone-status';
import { CloneRowActions } from './clone-row-actions';

const APPROXIMATION_NOTE =
  'Lokale Annäherung: eSpeak NG ahmt Tonhöhe, Stimmumfang und Sprechtempo der Aufnahme nach. Es ist kein echter Klon.';

function StatusCell({ voice }: { voice: CloneVoice }) {
  return (
    <div className="flex flex-col gap-1">
      <Badge variant={CLONE_STATUS_VARIANTS[voice.status]} className="w-fit" data-testid="clone-status" data-status={voice.status}>
        {CLONE_STATUS_LABELS[voice.status]}
      </Badge>
      {voice.status === 'training_in_progress' && (
        <div className="flex flex-col gap-1" data-testid="clone-progress">
          <div
            role="progressbar"
            aria-label={`Training von ${voice.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={voice.training_progress}
            className="h-1.5 w-28 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${voice.training_progress}%` }} />
          </div>
          <span className="text-xs text-muted-foreground">{trainingProgress(voice)}</span>
        </div>
      )}
      {voice.status === 'failed' && voice.training_error && <span className="max-w-56 text-xs text-destructive">{voice.training_error}</span>}
      {voice.status === 'paused' && <span className="text-xs text-muted-foreground">Nicht nutzbar, bis die Monatsgebühr bezahlt ist.</span>}
      {voice.status === 'awaiting_activation' && (
        <span className="max-w-56 text-xs text-muted-foreground">Hören Sie die Hörprobe an; die Monatsgebühr fällt erst mit der Aktivierung an.</span>
      )}
    </div>
  );
}

/** Tags as badges, or a dash. */
function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <span className="text-muted-foreground">–</span>;
  return (
    <div className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <Badge key={tag} variant="outline">{tag}</Badge>
      ))}
    </div>
  );
}

const lastUse = (voice: CloneVoice) => (voice.last_used_at ? formatDateTime(voice.last_used_at) : 'Noch nie');

/**
 * "Geklont von", tags and last use under the name while the table is too narrow for their
 * own columns (below 56rem of table width, e.g. a 1024 px laptop with the sidebar open).
 */
function NarrowDetails({ voice }: { voice: CloneVoice }) {
  return (
    <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-2 gap-y-1 text-xs @4xl:hidden">
      <dt className="text-muted-foreground">Geklont von</dt>
      <dd className="break-words">{voice.cloned_from ?? '–'}</dd>
      <dt className="text-muted-foreground">Letzte Nutzung</dt>
      <dd>{lastUse(voice)}</dd>
      {voice.tags.length > 0 && (
        <>
          <dt className="text-muted-foreground">Tags</dt>
          <dd>
            <Tags tags={voice.tags} />
          </dd>
        </>
      )}
    </dl>
  );
}

/** Only where the table is wide enough (56rem); narrower, `NarrowDetails` shows the same. */
const WIDE_ONLY = 'hidden @4xl:table-cell';

/**
 * The clones: name (with the approximation note for local clones, the provider's voice id
 * where there is one), cloned from, status, tags, last use, actions. Fits its box at every
 * width: on a narrow table (a laptop with the sidebar, a tablet) "cloned from", tags and
 * last use move under the name, so status and every action stay in view.
 */
export function ClonesTable({
  voices,
  actions,
  onEdit,
  onDelete,
  onRecordings,
  onActivate,
}: {
  voices: CloneVoice[];
  actions: ReturnType<typeof useCloneActions>;
  onEdit: (voice: CloneVoice) => void;
  onDelete: (voice: CloneVoice) => void;
  onRecordings: (voice: CloneVoice) => void;
  onActivate: (voice: CloneVoice) => void;
}) {
  return (
    <div className="@container overflow-x-auto rounded-lg border border-border bg-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Geklonte Stimmen</caption>
        <thead className="border-b border-border bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">Name</th>
            <th scope="col" className={cn('px-4 py-3 font-medium', WIDE_ONLY)}>Geklont von</th>
            <th scope="col" className="px-4 py-3 font-medium">Status</th>
            <th scope="col" className={cn('px-4 py-3 font-medium', WIDE_ONLY)}>Tags</th>
            <th scope="col" className={cn('px-4 py-3 font-medium', WIDE_ONLY)}>Letzte Nutzung</th>
            <th scope="col" className="px-4 py-3 font-medium">Aktionen</th>
          </tr>
        </thead>
        <tbody>
          {voices.map((voice) => (
            <tr key={voice.id} className="border-b border-border last:border-0 align-top" data-testid="clone-row" data-voice-id={voice.id}>
              <td className="px-4 py-3">
                <div className="flex flex-col gap-1">
                  <span className="font-medium">{voice.name}</span>
                  {voice.description && <span className="text-xs text-muted-foreground">{voice.description}</span>}
                  {isAudible(voice) && (
                    <VoicePreviewButton voiceId={voice.id} voiceName={voice.name} className="w-fit" />
                  )}
                  <div className="flex flex-wrap gap-1">
                    {voice.approximation && (
                      <Tooltip content={APPROXIMATION_NOTE}>
                        <button type="button" className="w-fit rounded-full" aria-label={`Annäherung: ${APPROXIMATION_NOTE}`}>
                          <Badge variant="warning" data-testid="clone-approximation">
                            <Info aria-hidden="true" /> Annäherung
                          </Badge>
                        </button>
                      </Tooltip>
                    )}
                    {voice.is_global && (
                      <Badge variant="primary">
                        <Globe2 aria-hidden="true" /> {voice.own ? 'Für alle freigegeben' : 'Geteilte Stimme'}
                      </Badge>
                    )}
                  </div>
                  {voice.provider_voice_id && (
                    <span className="text-xs text-muted-foreground">
                      Stimmen-ID beim Anbieter: <code className="break-all">{voice.provider_voice_id}</code>
                    </span>
                  )}
                  <NarrowDetails voice={voice} />
                </div>
              </td>
              <td className={cn('px-4 py-3', WIDE_ONLY)}>{voice.cloned_from ?? '–'}</td>
              <td className="px-4 py-3">
                <StatusCell voice={voice} />
              </td>
              <td className={cn('px-4 py-3', WIDE_ONLY)}>
                <Tags tags={voice.tags} />
              </td>
              <td className={cn('px-4 py-3 whitespace-nowrap', WIDE_ONLY)}>{lastUse(voice)}</td>
              <td className="px-4 py-3">
                <CloneRowActions
                  voice={voice}
                  actions={actions}
                  onEdit={() => onEdit(voice)}
                  onDelete={() => onDelete(voice)}
                  onRecordings={() => onRecordings(voice)}
                  onActivate={() => onActivate(voice)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
