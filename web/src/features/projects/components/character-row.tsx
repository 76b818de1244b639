import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { serverMessage, toastError } from '@/lib/errors';
import type { Voice } from '@/lib/voices';
import { useUpdateCharacter } from '../api/characters';
import type { ProjectCharacter } from '../api/types';
import { characterName } from './add-character-form';
import { VoiceSelect } from './voice-select';

/** Shown where a character's voice was deleted: its quotations wait for a new one. */
export const NO_VOICE_LEFT = 'Keine Stimme mehr – bitte neu wählen';

type CharacterRowProps = { projectId: string; character: ProjectCharacter; voices: Voice[]; onRemove: (character: ProjectCharacter) => void };

/** One character: its name (renamable), its voice (a new one makes its paragraphs stale), and "Entfernen". */
export function CharacterRow({ projectId, character, voices, onRemove }: CharacterRowProps) {
  const id = useId();
  const [renaming, setRenaming] = useState(false);
  const update = useUpdateCharacter({
    mutationConfig: {
      onSuccess: () => setRenaming(false),
      onError: (error, { change }) => {
        // A refused name is said under the field; anything else in a toast.
        if (change.name !== undefined && serverMessage(error)) return;
        toastError(error, 'Rolle konnte nicht gespeichert werden', 'project-character');
      },
    },
  });
  const save = (change: { name?: string; voice_id?: string }) => update.mutate({ projectId, characterId: character.id, change });
  const noVoice = !character.voice_id;
  return (
    <li className="flex flex-col gap-2 px-3 py-2" data-testid="character" data-character-id={character.id}>
      {renaming ? (
        <RenameForm
          name={character.name}
          saving={update.isPending}
          serverError={update.variables?.change.name !== undefined ? serverMessage(update.error) : undefined}
          onSave={(name) => save({ name })}
          onCancel={() => {
            update.reset();
            setRenaming(false);
          }}
        />
      ) : (
        <div className="flex items-center gap-1">
          <span className="min-w-0 flex-1 break-words text-sm font-medium" data-testid="character-name-text">
            {character.name}
          </span>
          <Button variant="ghost" size="icon" onClick={() => setRenaming(true)} aria-label={`Umbenennen: ${character.name}`} title="Umbenennen">
            <Pencil aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" onClick={() => onRemove(character)} aria-label={`Entfernen: ${character.name}`} title="Entfernen" data-testid="character-remove">
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      )}
      <Label htmlFor={`${id}-voice`} className="sr-only">
        Stimme von {character.name}
      </Label>
      <VoiceSelect
        id={`${id}-voice`}
        voices={voices}
        value={character.voice_id ?? null}
        onChange={(voice_id) => voice_id && voice_id !== character.voice_id && save({ voice_id })}
        placeholder={NO_VOICE_LEFT}
        className="h-9 w-full"
        aria-invalid={noVoice ? true : undefined}
        aria-describedby={noVoice ? `${id}-no-voice` : undefined}
        data-testid="character-voice-select"
      />
      {noVoice && (
        <p id={`${id}-no-voice`} className="text-xs font-medium text-warning" data-testid="character-no-voice">
          {NO_VOICE_LEFT}
        </p>
      )}
    </li>
  );
}

type RenameFormProps = { name: string; saving: boolean; serverError?: string; onSave: (name: string) => void; onCancel: () => void };

function RenameForm({ name, saving, serverError, onSave, onCancel }: RenameFormProps) {
  const id = useId();
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = characterName.safeParse(draft);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    if (parsed.data === name) return onCancel();
    onSave(parsed.data);
  };
  const shown = error ?? serverError;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label={`${name} umbenennen`}>
      <Label htmlFor={id} className="sr-only">
        Neuer Name für {name}
      </Label>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- opened by the user's click on "Umbenennen" */}
      <Input id={id} value={draft} autoFocus autoComplete="off" onChange={(e) => setDraft(e.target.value)} aria-invalid={shown ? true : undefined} aria-describedby={shown ? `${id}-error` : undefined} className="h-9" data-testid="character-rename-input" />
      <FieldError id={`${id}-error`} message={shown} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onCancel} disabled={saving}>
          Abbrechen
        </Button>
        <Button type="submit" size="sm" loading={saving} data-testid="character-rename-save">
          Speichern
        </Button>
      </div>
    </form>
  );
}
