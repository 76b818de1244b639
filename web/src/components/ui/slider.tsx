import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** A native range input styled in the brand colour. */
export const Slider = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(function Slider(
  { className, ...props },
  ref,
) {
  return <input ref={ref} type="range" className={cn('sw-slider h-2 w-full cursor-pointer', className)} {...props} />;
});
