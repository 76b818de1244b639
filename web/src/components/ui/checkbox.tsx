import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  /** The visible label; clicking it toggles the box. */
  label: ReactNode;
};

/** A native checkbox with its label (keyboard, forms and screen readers work as usual). */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, className, id, ...props }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input ref={ref} id={inputId} type="checkbox" className="mt-0.5 size-4 shrink-0 cursor-pointer accent-[var(--color-primary)]" {...props} />
      <label htmlFor={inputId} className="cursor-pointer text-sm leading-snug">
        {label}
      </label>
    </div>
  );
});
