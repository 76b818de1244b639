import { Pencil } from 'lucide-react';
import { memo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { serverMessage, toastError } from '@/lib/errors';
import { formatEuroFromCents } from '@/lib/format';
import type { Voice } from '@/lib/voices';
import { useUpdateParagraph } from '../api/update-paragraph';
import type { ParagraphView } from '../api/types';
import { ParagraphCasting } from './paragraph-casting';
import { ParagraphDelivery } from './paragraph-delivery';
import { ParagraphListen } from './paragraph-listen';
import { ParagraphTakes } from './paragraph-takes';
import { SplitParagraph } from './split-paragraph';
import { StateBadge } from './state-badge';
import { ParagraphVoiceSelect } from './voice-select';

type ParagraphItemProps = {
  projectId: string;
  chapterId: string;
  paragraph: ParagraphView;
  /** Its place in the chapter, counted from 1. */
  number: number;
  /** The place its chapter has in the project, counted from 1 (a split's new chapter comes next). */
  chapterNumber: number;
  voices: Voice[];
};

/**
 * One paragraph: its state, cost and text; "Bearbeiten" turns the text into a field, and
 * its own voice can be set (dialogue with two speakers), and its quotations given to the
 * project's characters ("Rollen"). Each change makes it stale.
 * Once rendered it can be heard on its own (▶), the chapter played from its start, and its
 * takes compared and chosen ("Fassungen"); "Vortrag" sets the pause after it. Nothing can
 * be changed while it is being rendered. Every paragraph but the first can begin a new
 * chapter ("Hier teilen"), which keeps it as it is. Memoised: a long chapter lists
 * thousands, and a poll changes only the few whose state moved.
 */
export const ParagraphItem = memo(function ParagraphItem({ projectId, chapterId, paragraph, number, chapterNumber, voices }: ParagraphItemProps) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateParagraph({
    mutationConfig: {
      onSuccess: () => setEditing(false),
      onError: (error, { change }) => {
        // A refused text is explained under the field; anything else in a toast.
        if (change.text !== undefined && serverMessage(error)) return;
        toastError(error, 'Absatz konnte nicht gespeichert werden', 'paragraph-update');
      },
    },
  });
  const save = (change: { text?: string; voice_id?: string | null }) => update.mutate({ projectId, chapterId, paragraphId: paragraph.id, change });
  const locked = paragraph.state === 'rendering';
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border p-3" data-testid="paragraph" data-state={paragraph.state} data-paragraph-id={paragraph.id}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-medium text-muted-foreground">Absatz {number}</span>
        <StateBadge state={paragraph.state} of="paragraph" changed={paragraph.changed} />
        <span className="whitespace-nowrap text-xs text-muted-foreground" data-testid="paragraph-cost">
          {formatEuroFromCents(paragraph.cost_cent)}
        </span>
        <ParagraphListen paragraph={paragraph} number={number} />
        <span className="ml-auto flex flex-wrap items-center gap-1">
          <ParagraphCasting projectId={projectId} chapterId={chapterId} paragraph={paragraph} number={number} disabled={locked} />
          <ParagraphTakes projectId={projectId} chapterId={chapterId} paragraph={paragraph} number={number} />
          <ParagraphDelivery projectId={projectId} chapterId={chapterId} paragraph={paragraph} number={number} voices={voices} disabled={locked} />
          {number > 1 && <SplitParagraph projectId={projectId} paragraphId={paragraph.id} number={number} newChapterNumber={chapterNumber + 1} />}
          <ParagraphVoiceSelect
            voices={voices}
            value={paragraph.voice_id ?? null}
            onChange={(voice_id) => save({ voice_id })}
            disabled={locked || update.isPending}
            label={`Stimme für Absatz ${number}`}
          />
          {!editing && (
            <Button
              variant="ghost"
              size="icon"
              onClick={() => setEditing(true)}
              disabled={locked}
              aria-label={`Absatz ${number} bearbeiten`}
              title="Bearbeiten"
              data-testid="paragraph-edit"
            >
              <Pencil aria-hidden="true" />
            </Button>
          )}
        </span>
      </div>
      {editing ? (
        <ParagraphEditor
          text={paragraph.text}
          number={number}
          saving={update.isPending}
          serverError={update.variables?.change.text !== undefined ? serverMessage(update.error) : undefined}
          onSave={(text) => save({ text })}
          onCancel={() => {
            update.reset();
            setEditing(false);
          }}
        />
      ) : (
        <p className="whitespace-pre-wrap break-words text-sm leading-relaxed" data-testid="paragraph-text">
          {paragraph.text}
        </p>
      )}
      {paragraph.state === 'failed' && (
        <p className="text-xs font-medium text-destructive" data-testid="paragraph-error">
          {paragraph.error ?? 'Die Vertonung dieses Absatzes ist fehlgeschlagen.'}
        </p>
      )}
    </li>
  );
});

type ParagraphEditorProps = {
  text: string;
  number: number;
  saving: boolean;
  serverError?: string;
  onSave: (text: string) => void;
  onCancel: () => void;
};

const NO_TEXT = 'Bitte geben Sie Text ein.';

function ParagraphEditor({ text, number, saving, serverError, onSave, onCancel }: ParagraphEditorProps) {
  const [draft, setDraft] = useState(text);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (!next) return setError(NO_TEXT);
    setError(undefined);
    if (next === text) return onCancel();
    onSave(next);
  };
  const shown = error ?? serverError;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label={`Absatz ${number} bearbeiten`}>
      <Textarea
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        aria-label={`Text von Absatz ${number}`}
        aria-invalid={shown ? true : undefined}
        rows={Math.min(12, Math.max(3, Math.ceil(draft.length / 90)))}
        className="min-h-20"
        data-testid="paragraph-input"
      />
      <FieldError message={shown} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onCancel} disabled={saving}>
          Abbrechen
        </Button>
        <Button type="submit" size="sm" loading={saving} data-testid="paragraph-save">
          Speichern
        </Button>
      </div>
    </form>
  );
}
