import { BrainCircuit, Cloud, CreditCard, Database, type LucideIcon } from 'lucide-react';
import type { ServiceCategory } from '../api/types';
import type { CategoryCount } from '../utils/categories';
import { cn } from '@/lib/cn';

const ICONS: Record<ServiceCategory, LucideIcon> = {
  'AI/ML': BrainCircuit,
  Cloud: Cloud,
  Payment: CreditCard,
  Database: Database,
};

export type CategoryFilterProps = {
  counts: CategoryCount[];
  active: ServiceCategory | null;
  onToggle: (category: ServiceCategory) => void;
};

/** One card per category with its counts; a click filters the list, a second click clears. */
export function CategoryFilter({ counts, active, onToggle }: CategoryFilterProps) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" role="group" aria-label="Nach Kategorie filtern">
      {counts.map(({ category, total, configured }) => {
        const Icon = ICONS[category];
        const selected = active === category;
        return (
          <button
            key={category}
            type="button"
            aria-pressed={selected}
            onClick={() => onToggle(category)}
            data-testid="category-card"
            data-category={category}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-[var(--radius-card)] border bg-card p-4 text-left shadow-sm transition-colors',
              selected ? 'border-primary ring-1 ring-primary bg-primary-soft' : 'border-border hover:border-ring/60 hover:bg-muted/60',
            )}
          >
            <span
              className={cn(
                'flex size-10 shrink-0 items-center justify-center rounded-full',
                selected ? 'bg-primary text-primary-foreground' : 'bg-primary-soft text-primary',
              )}
            >
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="flex min-w-0 flex-col">
              <span className="text-sm font-medium">{category}</span>
              <span className="text-2xl font-semibold tabular-nums leading-tight" data-testid="category-total">
                {total}
              </span>
              <span className="text-xs text-muted-foreground">{configured} konfiguriert</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
