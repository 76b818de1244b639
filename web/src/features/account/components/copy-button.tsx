import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

/** Copies `value` to the clipboard and confirms with a toast. */
export function CopyButton({ value, label, copiedMessage }: { value: string; label: string; copiedMessage: string }) {
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      toast.success(copiedMessage);
    } catch {
      toast.error('Kopieren nicht möglich', { description: 'Bitte markieren und kopieren Sie den Wert von Hand.' });
    }
  };
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} onClick={() => void copy()} className="size-8">
      <Copy aria-hidden="true" />
    </Button>
  );
}
