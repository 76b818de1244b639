import { AudioLines } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight text-foreground', className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <AudioLines className="size-4.5" aria-hidden="true" />
      </span>
      <span className="text-lg">Stimmwerk</span>
    </span>
  );
}
