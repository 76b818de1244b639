import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { FieldError } from '@/components/ui/form';
import { cn } from '@/lib/cn';
import { formatEuroFromCents } from '@/lib/format';

const item =
  'flex h-11 items-center justify-center rounded-lg border px-3 text-sm font-medium transition-colors cursor-pointer ' +
  'border-border bg-card hover:border-ring/60 hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 ' +
  'focus-visible:ring-ring/40 data-[state=checked]:border-primary data-[state=checked]:bg-primary-soft ' +
  'data-[state=checked]:text-accent-foreground data-[state=checked]:ring-1 data-[state=checked]:ring-primary';

/** The suggested amounts and "Anderer Betrag" as one radio group (arrow keys move and select). */
export function AmountChoice({
  suggested,
  value,
  onChange,
  error,
}: {
  suggested: number[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const labelId = useId();
  const errorId = useId();
  return (
    <div className="flex flex-col gap-2">
      <p id={labelId} className="text-sm font-medium">
        Betrag
      </p>
      <RadioGroup.Root
        value={value}
        onValueChange={onChange}
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        className="grid grid-cols-2 gap-2 sm:grid-cols-4"
        data-testid="top-up-amounts"
      >
        {suggested.map((cents) => (
          <RadioGroup.Item key={cents} value={String(cents)} className={item}>
            {formatEuroFromCents(cents)}
          </RadioGroup.Item>
        ))}
        <RadioGroup.Item value="custom" className={cn(item, 'col-span-2 sm:col-span-4')}>
          Anderer Betrag
        </RadioGroup.Item>
      </RadioGroup.Root>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
