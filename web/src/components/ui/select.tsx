import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';
import { fieldBase } from './input';

export type SelectOption = { value: string; label: string; disabled?: boolean };

/** Options under a heading of their own (the listbox names the group by it). */
export type SelectGroup = { label: string; options: SelectOption[] };

export type SelectProps = {
  id?: string;
  value: string;
  onValueChange: (value: string) => void;
  options: SelectOption[];
  /** Further options in labelled groups, after `options`. */
  groups?: SelectGroup[];
  /** Shown while `value` is '' (nothing chosen). */
  placeholder?: string;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'data-testid'?: string;
};

const itemClass =
  'relative flex cursor-pointer select-none items-center rounded-md py-2 pl-8 pr-3 text-sm outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted';

function SelectItem({ option }: { option: SelectOption }) {
  return (
    <SelectPrimitive.Item value={option.value} disabled={option.disabled} className={itemClass}>
      <SelectPrimitive.ItemIndicator className="absolute left-2 inline-flex">
        <Check aria-hidden="true" className="size-4" />
      </SelectPrimitive.ItemIndicator>
      <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}

/** Radix Select: a combobox button with a listbox (keyboard, typeahead, screen readers). */
export function Select({ id, value, onValueChange, options, groups = [], placeholder, className, ...rest }: SelectProps) {
  return (
    <SelectPrimitive.Root value={value} onValueChange={onValueChange}>
      <SelectPrimitive.Trigger
        id={id}
        className={cn(fieldBase, 'flex h-10 items-center justify-between gap-2 text-left', className)}
        data-value={value}
        {...rest}
      >
        {/* A long choice is cut with "…" on one line rather than growing the field to two. */}
        <span className="min-w-0 flex-1 truncate">
          <SelectPrimitive.Value placeholder={placeholder} />
        </span>
        <SelectPrimitive.Icon>
          <ChevronDown aria-hidden="true" className="size-4 text-muted-foreground" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-[min(24rem,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-border bg-card shadow-lg"
        >
          <SelectPrimitive.Viewport className="p-1">
            {options.map((o) => (
              <SelectItem key={o.value} option={o} />
            ))}
            {groups
              .filter((g) => g.options.length > 0)
              .map((g, i) => (
                <SelectPrimitive.Group key={g.label} className={cn((i > 0 || options.length > 0) && 'mt-1 border-t border-border pt-1')}>
                  <SelectPrimitive.Label className="px-3 pt-1.5 pb-1 text-xs font-semibold text-muted-foreground">{g.label}</SelectPrimitive.Label>
                  {g.options.map((o) => (
                    <SelectItem key={o.value} option={o} />
                  ))}
                </SelectPrimitive.Group>
              ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
