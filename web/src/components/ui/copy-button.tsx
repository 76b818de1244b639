import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

type CopyButtonProps = {
  value: string;
  /** The accessible name (and tooltip) of the icon button, or the visible text with `text`. */
  label: string;
  copiedMessage: string;
  /** Shows a labelled outline button instead of the icon alone. */
  text?: boolean;
  testId?: string;
};

const COPY_TOAST = 'copy';

/** Copies `value` to the clipboard and confirms with a toast. */
export function CopyButton({ value, label, copiedMessage, text = false, testId }: CopyButtonProps) {
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      // One toast however often it is pressed.
      toast.success(copiedMessage, { id: COPY_TOAST });
    } catch {
      toast.error('Kopieren nicht möglich', { id: COPY_TOAST, description: 'Bitte markieren und kopieren Sie den Wert von Hand.' });
    }
  };
  if (text) {
    return (
      <Button variant="outline" onClick={() => void copy()} data-testid={testId}>
        <Copy aria-hidden="true" />
        {label}
      </Button>
    );
  }
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} onClick={() => void copy()} className="size-8" data-testid={testId}>
      <Copy aria-hidden="true" />
    </Button>
  );
}
