import { ListMusic, Trash2 } from 'lucide-react';
import { VoicePreviewButton } from '@/components/voice-preview/voice-preview-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import type { AdminVoice } from '../api/types';

const STATUS: Record<string, { label: string; variant: 'neutral' | 'primary' | 'success' | 'destructive' | 'warning' }> = {
  training_needed: { label: 'In Bearbeitung', variant: 'neutral' },
  training_in_progress: { label: 'Training läuft', variant: 'primary' },
  awaiting_activation: { label: 'Nicht aktiviert', variant: 'primary' },
  completed: { label: 'Bereit', variant: 'success' },
  failed: { label: 'Fehlgeschlagen', variant: 'destructive' },
  paused: { label: 'Pausiert', variant: 'warning' },
};

/** A labelled on/off switch (a checkbox with the switch role). */
function Toggle({ checked, label, onChange, disabled, testId }: { checked: boolean; label: string; onChange: (on: boolean) => void; disabled?: boolean; testId: string }) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm">
      <input
        type="checkbox"
        role="switch"
        className="size-4 accent-primary"
        checked={checked}
        disabled={disabled}
        aria-label={label}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
      <span aria-hidden="true">{checked ? 'Ein' : 'Aus'}</span>
    </label>
  );
}

type RowProps = {
  voice: AdminVoice;
  /** A change of this voice is under way. */
  busy: boolean;
  onChange: (voice: AdminVoice, change: { is_global?: boolean; is_active?: boolean }) => void;
  onDelete: (voice: AdminVoice) => void;
  onRecordings: (voice: AdminVoice) => void;
};

/**
 * The columns that give way on a narrow table (a 1024 px laptop with the sidebar open has
 * about 44rem, a 1280 px one 60rem): each is shown from its table width on (container
 * queries), and until then under the voice's name (`NarrowDetails`), so the switches and
 * actions always stay in view. All eight columns from 64rem on.
 */
const column = {
  type: 'hidden @5xl:table-cell',
  owner: 'hidden @3xl:table-cell',
  status: 'hidden @xl:table-cell',
  uses: 'hidden @4xl:table-cell',
} as const;
const under = { type: '@5xl:hidden', owner: '@3xl:hidden', status: '@xl:hidden', uses: '@4xl:hidden' } as const;

function StatusBadge({ voice }: { voice: AdminVoice }) {
  const status = voice.status ? STATUS[voice.status] : null;
  return status ? <Badge variant={status.variant}>{status.label}</Badge> : <span className="text-muted-foreground">–</span>;
}

function TypeBadge({ voice }: { voice: AdminVoice }) {
  const clone = voice.type === 'clone';
  return <Badge variant={clone ? 'primary' : 'outline'}>{clone ? 'Klon' : 'Katalog'}</Badge>;
}

function Owner({ owner }: { owner: AdminVoice['owner'] }) {
  if (!owner) return <span className="text-muted-foreground">–</span>;
  return (
    <>
      <span className="block">{owner.name}</span>
      <span className="block text-xs text-muted-foreground break-all">{owner.email}</span>
    </>
  );
}

const uses = (voice: AdminVoice) => `${voice.times_used.toLocaleString('de-DE')}×`;

function NarrowDetails({ voice }: { voice: AdminVoice }) {
  return (
    <div className="mt-2 flex flex-col gap-1.5 text-xs @5xl:hidden">
      <span className={cn('flex flex-wrap items-center gap-1.5', under.type)}>
        <TypeBadge voice={voice} />
        <span className="text-muted-foreground">{voice.speaks_with}</span>
      </span>
      {voice.status && (
        <span className={under.status}>
          <StatusBadge voice={voice} />
        </span>
      )}
      {voice.owner && (
        <span className={under.owner}>
          <span className="text-muted-foreground">Besitzer: </span>
          {voice.owner.name} <span className="break-all text-muted-foreground">({voice.owner.email})</span>
        </span>
      )}
      <span className={cn('text-muted-foreground', under.uses)}>
        Nutzung: {uses(voice)}
        {voice.type === 'clone' && ` · ${voice.sample_count} Aufnahmen`}
      </span>
    </div>
  );
}

/** One voice: name, type, owner, status, uses; share, on/off, recordings and delete. */
function AdminVoiceRow({ voice, busy, onChange, onDelete, onRecordings }: RowProps) {
  const clone = voice.type === 'clone';
  return (
    <tr className="border-b border-border last:border-0 align-top" data-testid="admin-voice-row" data-voice-id={voice.id}>
      <td className="px-4 py-3">
        <span className="block font-medium">{voice.name}</span>
        <span className="block text-xs text-muted-foreground">
          {voice.language} · seit {formatDate(voice.created_at)}
        </span>
        <NarrowDetails voice={voice} />
        {(!clone || voice.status === 'completed' || voice.status === 'paused' || voice.status === 'awaiting_activation') && (
          <VoicePreviewButton voiceId={voice.id} voiceName={voice.name} className="mt-2" />
        )}
      </td>
      <td className={cn('px-4 py-3', column.type)}>
        <TypeBadge voice={voice} />
        <span className="mt-1 block text-xs text-muted-foreground">{voice.speaks_with}</span>
      </td>
      <td className={cn('px-4 py-3', column.owner)}>
        <Owner owner={voice.owner} />
      </td>
      <td className={cn('px-4 py-3', column.status)}>
        <StatusBadge voice={voice} />
      </td>
      <td className={cn('px-4 py-3 whitespace-nowrap', column.uses)}>
        {uses(voice)} {clone && <span className="block text-xs text-muted-foreground">{voice.sample_count} Aufnahmen</span>}
      </td>
      <td className="px-4 py-3">
        {clone ? (
          <Toggle
            checked={voice.is_global}
            label={`${voice.name} für alle freigeben`}
            disabled={busy}
            onChange={(on) => onChange(voice, { is_global: on })}
            testId="admin-voice-global"
          />
        ) : (
          <span className="text-muted-foreground">immer</span>
        )}
      </td>
      <td className="px-4 py-3">
        <Toggle
          checked={voice.is_active}
          label={`${voice.name} aktiv`}
          disabled={busy}
          onChange={(on) => onChange(voice, { is_active: on })}
          testId="admin-voice-active"
        />
      </td>
      <td className="px-4 py-3">
        {clone && (
          <div className="flex gap-1">
            {voice.sample_count > 0 && (
              <Button size="icon" variant="ghost" aria-label={`Aufnahmen abspielen: ${voice.name}`} onClick={() => onRecordings(voice)} data-testid="admin-voice-recordings">
                <ListMusic aria-hidden="true" />
              </Button>
            )}
            <Button size="icon" variant="ghost" aria-label={`Löschen: ${voice.name}`} onClick={() => onDelete(voice)} data-testid="admin-voice-delete">
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}

/** Every voice with owner, type, engine, status, uses, recordings; share, on/off and delete. */
export function AdminVoicesTable({
  voices,
  busyId,
  onChange,
  onDelete,
  onRecordings,
}: {
  voices: AdminVoice[];
  busyId: string | null;
} & Omit<RowProps, 'voice' | 'busy'>) {
  return (
    <div className="@container overflow-x-auto rounded-lg border border-border bg-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Alle Stimmen</caption>
        <thead className="border-b border-border bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">Name</th>
            <th scope="col" className={cn('px-4 py-3 font-medium', column.type)}>Typ</th>
            <th scope="col" className={cn('px-4 py-3 font-medium', column.owner)}>Besitzer</th>
            <th scope="col" className={cn('px-4 py-3 font-medium', column.status)}>Status</th>
            <th scope="col" className={cn('px-4 py-3 font-medium', column.uses)}>Nutzung</th>
            <th scope="col" className="px-4 py-3 font-medium whitespace-nowrap">Für alle</th>
            <th scope="col" className="px-4 py-3 font-medium">Aktiv</th>
            <th scope="col" className="px-4 py-3 font-medium">Aktionen</th>
          </tr>
        </thead>
        <tbody>
          {voices.map((voice) => (
            <AdminVoiceRow
              key={voice.id}
              voice={voice}
              busy={busyId === voice.id}
              onChange={onChange}
              onDelete={onDelete}
              onRecordings={onRecordings}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
