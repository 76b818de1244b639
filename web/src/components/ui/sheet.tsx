import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { CSSProperties, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useReturnFocus } from './return-focus';

export type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Accessible name of the panel (read, not shown). */
  title: string;
  closeLabel: string;
  children: ReactNode;
  style?: CSSProperties;
  className?: string;
  'data-testid'?: string;
};

/**
 * A panel sliding in from the left (Radix Dialog): takes the focus, traps it, closes on
 * Escape or a click outside, and gives the focus back to the button that opened it.
 */
export function Sheet({ open, onOpenChange, title, closeLabel, children, style, className, ...rest }: SheetProps) {
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <DialogPrimitive.Content
          {...returnFocus}
          aria-describedby={undefined}
          data-mobile="true"
          style={style}
          className={cn('fixed inset-y-0 left-0 z-50 max-w-[85vw] bg-sidebar shadow-xl', className)}
          {...rest}
        >
          <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
          {children}
          <DialogPrimitive.Close
            className="absolute right-3 top-3.5 rounded-md p-1.5 text-muted-foreground hover:bg-muted"
            aria-label={closeLabel}
          >
            <X className="size-4" aria-hidden="true" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
