import { ListMusic, Trash2 } from 'lucide-react';
import { VoicePreviewButton } from '@/components/voice-preview/voice-preview-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
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

/** One voice: name, type, owner, status, uses; share, on/off, recordings and delete. */
function AdminVoiceRow({ voice, busy, onChange, onDelete, onRecordings }: RowProps) {
  const clone = voice.type === 'clone';
  const status = voice.status ? STATUS[voice.status] : null;
  return (
    <tr className="border-b border-border last:border-0 align-top" data-testid="admin-voice-row" data-voice-id={voice.id}>
      <td className="px-4 py-3">
        <span className="block font-medium">{voice.name}</span>
        <span className="block text-xs text-muted-foreground">
          {voice.language} · seit {formatDate(voice.created_at)}
        </span>
        {(!clone || voice.status === 'completed' || voice.status === 'paused' || voice.status === 'awaiting_activation') && (
          <VoicePreviewButton voiceId={voice.id} voiceName={voice.name} className="mt-2" />
        )}
      </td>
      <td className="px-4 py-3">
        <Badge variant={clone ? 'primary' : 'outline'}>{clone ? 'Klon' : 'Katalog'}</Badge>
        <span className="mt-1 block text-xs text-muted-foreground">{voice.speaks_with}</span>
      </td>
      <td className="px-4 py-3">
        {voice.owner ? (
          <>
            <span className="block">{voice.owner.name}</span>
            <span className="block text-xs text-muted-foreground break-all">{voice.owner.email}</span>
          </>
        ) : (
          <span className="text-muted-foreground">–</span>
        )}
      </td>
      <td className="px-4 py-3">{status ? <Badge variant={status.variant}>{status.label}</Badge> : <span className="text-muted-foreground">–</span>}</td>
      <td className="px-4 py-3 whitespace-nowrap">
        {voice.times_used.toLocaleString('de-DE')}× {clone && <span className="block text-xs text-muted-foreground">{voice.sample_count} Aufnahmen</span>}
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
    <div className="overflow-x-auto rounded-lg border border-border bg-card">
      <table className="w-full min-w-[64rem] text-left text-sm">
        <caption className="sr-only">Alle Stimmen</caption>
        <thead className="border-b border-border bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">Name</th>
            <th scope="col" className="px-4 py-3 font-medium">Typ</th>
            <th scope="col" className="px-4 py-3 font-medium">Besitzer</th>
            <th scope="col" className="px-4 py-3 font-medium">Status</th>
            <th scope="col" className="px-4 py-3 font-medium">Nutzung</th>
            <th scope="col" className="px-4 py-3 font-medium">Für alle</th>
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
