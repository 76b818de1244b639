import { X } from 'lucide-react';
import type { AuditUser } from '../api/types';

/** The chip of the person the log is narrowed to, with a button that shows everyone again. */
export function AuditUserFilter({ user, onClear }: { user: AuditUser; onClear: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="audit-user-filter">
      <span className="text-muted-foreground">Gefiltert nach Benutzer:</span>
      <span className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-muted py-0.5 pl-3 pr-0.5 font-medium">
        <span className="truncate">{user.label}</span>
        <button
          type="button"
          onClick={onClear}
          aria-label="Benutzerfilter entfernen"
          className="flex size-7 shrink-0 cursor-pointer items-center justify-center rounded-full text-muted-foreground hover:bg-card hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </span>
    </div>
  );
}
