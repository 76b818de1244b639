import { Check, Pencil, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

type EditableTitleProps = {
  value: string;
  /** The heading level: the project's title is the page's `<h1>`, a chapter's an `<h2>`. */
  level: 1 | 2;
  /** What is renamed, for the field's and buttons' names ("Projekttitel", "Kapiteltitel"). */
  what: string;
  onSave: (title: string) => void;
  saving: boolean;
  testId: string;
};

export const NO_TITLE_MESSAGE = 'Bitte geben Sie einen Titel ein.';

/**
 * A heading with a pencil button: the title turns into a field with save and cancel
 * (Enter, Escape). While it is edited the heading stays for screen readers, so the page
 * keeps its outline.
 */
export function EditableTitle({ value, level, what, onSave, saving, testId }: EditableTitleProps) {
  const [editing, setEditing] = useState(false);
  const Heading = level === 1 ? 'h1' : 'h2';
  const headingClass = level === 1 ? 'text-2xl font-semibold tracking-tight' : 'text-lg font-semibold tracking-tight';
  const heading = (
    <Heading
      tabIndex={-1}
      data-page-heading={level === 1 || undefined}
      className={cn(editing ? 'sr-only' : headingClass, 'min-w-0 break-words focus:outline-none')}
      data-testid={testId}
    >
      {value}
    </Heading>
  );
  if (editing) {
    return (
      <div className="flex min-w-0 flex-1 flex-col">
        {heading}
        <TitleForm value={value} what={what} level={level} onSave={onSave} onClose={() => setEditing(false)} saving={saving} testId={testId} />
      </div>
    );
  }
  return (
    <div className="flex min-w-0 items-center gap-1">
      {heading}
      <Button variant="ghost" size="icon" onClick={() => setEditing(true)} aria-label={`${what} ändern`} title={`${what} ändern`} data-testid={`${testId}-edit`}>
        <Pencil aria-hidden="true" />
      </Button>
    </div>
  );
}

type TitleFormProps = Omit<EditableTitleProps, 'testId'> & { onClose: () => void; testId: string };

function TitleForm({ value, what, level, onSave, onClose, saving, testId }: TitleFormProps) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLInputElement>(null);
  // The field takes the focus the pencil button had: typing can start at once.
  useEffect(() => field.current?.select(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const title = draft.trim();
    if (!title) {
      setError(NO_TITLE_MESSAGE);
      return;
    }
    if (title !== value) onSave(title);
    onClose();
  };
  const keyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };
  return (
    <form onSubmit={submit} noValidate className="flex min-w-0 flex-1 flex-col gap-1" aria-label={`${what} ändern`}>
      <div className="flex items-center gap-1">
        <Input
          ref={field}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={keyDown}
          aria-label={what}
          aria-invalid={error ? true : undefined}
          className={level === 1 ? 'h-11 text-xl font-semibold' : 'font-semibold'}
          data-testid={`${testId}-input`}
        />
        <Button type="submit" variant="ghost" size="icon" loading={saving} aria-label="Speichern" title="Speichern" data-testid={`${testId}-save`}>
          {!saving && <Check aria-hidden="true" />}
        </Button>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Abbrechen" title="Abbrechen">
          <X aria-hidden="true" />
        </Button>
      </div>
      <FieldError message={error} />
    </form>
  );
}
