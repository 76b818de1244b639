import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { TopUpDialog } from './top-up-dialog';

/** A button that opens the "Guthaben aufladen" dialog (balance cards of the TTS screen and the account page). */
export function TopUpButton({ children = 'Aufladen', ...props }: Omit<ButtonProps, 'onClick'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} {...props}>
        <CreditCard aria-hidden="true" />
        {children}
      </Button>
      <TopUpDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
