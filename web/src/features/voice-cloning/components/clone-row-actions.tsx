import { BadgeCheck, CircleStop, CreditCard, ListMusic, Pencil, Play, RefreshCw, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { CloneVoice } from '../api/types';
import type { useCloneActions } from '../hooks/use-clone-actions';
import { cloneActions } from '../utils/clone-status';

type Actions = ReturnType<typeof useCloneActions>;

/** The buttons a clone's state allows (see `cloneActions`); dialogs open in the page. */
export function CloneRowActions({
  voice,
  actions,
  onEdit,
  onDelete,
  onRecordings,
  onActivate,
}: {
  voice: CloneVoice;
  actions: Actions;
  onEdit: () => void;
  onDelete: () => void;
  onRecordings: () => void;
  /** Opens the activation dialog (the fee's terms, then the first charge). */
  onActivate: () => void;
}) {
  const allowed = cloneActions(voice);
  const busy = (action: string) =>
    actions.training.isPending && actions.training.variables?.id === voice.id && actions.training.variables.action === action;
  const label = (what: string) => `${what}: ${voice.name}`;
  return (
    // In one row where the table has room (from 42rem), else they wrap within their cell.
    <div className="flex flex-wrap gap-1.5 @2xl:flex-nowrap">
      {allowed.start && (
        <Button size="sm" loading={busy('start')} onClick={() => actions.training.mutate({ id: voice.id, action: 'start' })} data-testid="clone-start">
          <Play aria-hidden="true" /> Training starten
        </Button>
      )}
      {allowed.check && (
        <Button size="sm" variant="outline" loading={busy('check_status')} onClick={() => actions.training.mutate({ id: voice.id, action: 'check_status' })} data-testid="clone-check">
          <RefreshCw aria-hidden="true" /> Status prüfen
        </Button>
      )}
      {allowed.cancel && (
        <Button size="sm" variant="outline" loading={busy('cancel')} onClick={() => actions.training.mutate({ id: voice.id, action: 'cancel' })} data-testid="clone-cancel">
          <CircleStop aria-hidden="true" /> Abbrechen
        </Button>
      )}
      {allowed.activate && (
        <Button size="sm" onClick={onActivate} data-testid="clone-activate">
          <BadgeCheck aria-hidden="true" /> Aktivieren
        </Button>
      )}
      {allowed.pay && (
        <Button size="sm" loading={actions.pay.isPending && actions.pay.variables === voice.id} onClick={() => actions.pay.mutate(voice.id)} data-testid="clone-pay">
          <CreditCard aria-hidden="true" /> Jetzt bezahlen (1 €)
        </Button>
      )}
      {allowed.recordings && (
        <Button size="icon" variant="ghost" aria-label={label('Aufnahmen abspielen')} onClick={onRecordings} data-testid="clone-recordings">
          <ListMusic aria-hidden="true" />
        </Button>
      )}
      {allowed.edit && (
        <Button size="icon" variant="ghost" aria-label={label('Bearbeiten')} onClick={onEdit} data-testid="clone-edit">
          <Pencil aria-hidden="true" />
        </Button>
      )}
      {allowed.remove && (
        <Button size="icon" variant="ghost" aria-label={label('Löschen')} onClick={onDelete} data-testid="clone-delete">
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}
