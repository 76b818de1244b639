import { Scissors } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { projectPath } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { serverMessage, toastError } from '@/lib/errors';
import { useSplitChapter } from '../api/split-chapter';

/** The title the server gives a chapter at this place (counted from 1) when none is given. */
export function defaultChapterTitle(number: number): string {
  return `Kapitel ${number}`;
}

type SplitParagraphProps = {
  projectId: string;
  paragraphId: string;
  /** The paragraph's place in its chapter, counted from 1. */
  number: number;
  /** The place the new chapter gets in the project, counted from 1. */
  newChapterNumber: number;
};

/**
 * "Hier teilen": the paragraph and those after it become a new chapter right after this one.
 * The dialog asks for the new chapter's title and says that nothing is charged again; the
 * new chapter opens afterwards.
 */
export function SplitParagraph({ projectId, paragraphId, number, newChapterNumber }: SplitParagraphProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Hier teilen: Absatz ${number} beginnt ein neues Kapitel`}
        data-testid="paragraph-split"
      >
        <Scissors aria-hidden="true" />
        Hier teilen
      </Button>
      {open && (
        <SplitDialog projectId={projectId} paragraphId={paragraphId} number={number} newChapterNumber={newChapterNumber} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

function SplitDialog({ projectId, paragraphId, number, newChapterNumber, onClose }: SplitParagraphProps & { onClose: () => void }) {
  const navigate = useNavigate();
  const [title, setTitle] = useState(defaultChapterTitle(newChapterNumber));
  const [error, setError] = useState<string | undefined>();
  const split = useSplitChapter({
    mutationConfig: {
      onSuccess: (answer) => {
        toast.success('Kapitel geteilt', { id: 'chapter-split', description: 'Bereits vertonte Absätze wurden nicht neu berechnet.' });
        onClose();
        void navigate(projectPath(projectId, answer.chapter_id));
      },
      onError: (failure) => {
        // A refused title is explained under the field; anything else in a toast.
        if (isApiError(failure) && failure.status === 422) return setError(serverMessage(failure));
        toastError(failure, 'Kapitel konnte nicht geteilt werden', 'chapter-split');
      },
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = title.trim();
    if (!next) return setError('Bitte geben Sie einen Titel ein.');
    setError(undefined);
    split.mutate({ projectId, paragraphId, title: next });
  };
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !split.isPending && onClose()}
      title="Kapitel hier teilen?"
      description={
        <>
          <span className="block">Absatz {number} und alle Absätze danach werden ein neues Kapitel direkt nach diesem.</span>
          <span className="mt-1 block">Bereits vertonte Absätze bleiben vertont und werden nicht noch einmal berechnet; das Audio beider Kapitel wird neu zusammengefügt.</span>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-6" aria-label="Kapitel teilen">
        <FormField label="Titel des neuen Kapitels" error={error}>
          <Input value={title} onChange={(event) => setTitle(event.target.value)} maxLength={200} data-testid="chapter-split-title" />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={split.isPending}>
            Abbrechen
          </Button>
          <Button type="submit" loading={split.isPending} data-testid="chapter-split-confirm">
            Kapitel teilen
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
