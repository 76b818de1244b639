import { useRef } from 'react';

/**
 * Radix dialogs opened without a `Dialog.Trigger` (controlled by state) give the focus back
 * to a trigger they do not know, i.e. to nobody. These handlers remember what had the
 * focus when the dialog opened and return it there on close.
 */
export function useReturnFocus() {
  const previous = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = previous.current;
      previous.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
