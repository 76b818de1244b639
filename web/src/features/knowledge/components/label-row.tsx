import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { serverMessage } from '@/lib/errors';
import { LabelNameForm, type LabelKind } from './label-name-form';

export type ManagedLabel = { id: string; name: string; is_global: boolean; editable: boolean; audio_count: number; depth?: number };

/** One category or tag in a manager: name, badges, rename in place, delete (asks first, via `onDelete`). */
export function LabelRow({
  kind,
  label,
  rename,
  onDelete,
}: {
  kind: LabelKind;
  label: ManagedLabel;
  rename: { mutate: (vars: { id: string; name: string }, options: { onSuccess: () => void }) => void; isPending: boolean; error: Error | null };
  onDelete: (label: ManagedLabel) => void;
}) {
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <li className="px-3 py-3">
        <LabelNameForm
          kind={kind}
          initialName={label.name}
          submitLabel="Speichern"
          pending={rename.isPending}
          serverError={serverMessage(rename.error)}
          onSubmit={({ name }) => rename.mutate({ id: label.id, name }, { onSuccess: () => setEditing(false) })}
          onCancel={() => setEditing(false)}
          testId={`${kind}-rename`}
        />
      </li>
    );
  }
  return (
    <li className="flex items-center gap-2 px-3 py-2" data-testid={`${kind}-row`} data-name={label.name}>
      <span className="min-w-0 flex-1 truncate text-sm" style={{ paddingLeft: `${(label.depth ?? 0) * 1.25}rem` }}>
        {kind === 'tag' ? `#${label.name}` : label.name}
      </span>
      {label.is_global && <Badge variant="primary">Global</Badge>}
      <span className="text-xs tabular-nums text-muted-foreground">{label.audio_count} Audios</span>
      {label.editable && (
        <>
          <Button size="icon" variant="ghost" aria-label={`${label.name} umbenennen`} onClick={() => setEditing(true)} data-testid={`${kind}-rename-button`}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button size="icon" variant="ghost" aria-label={`${label.name} löschen`} onClick={() => onDelete(label)} data-testid={`${kind}-delete-button`}>
            <Trash2 aria-hidden="true" />
          </Button>
        </>
      )}
    </li>
  );
}
