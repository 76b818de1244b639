import type { ReactNode } from 'react';

/**
 * The `<h1>` of a screen. It can take the focus (tabIndex -1) so a route change or a
 * sign-in can move the focus to it instead of leaving it on `document.body`.
 */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 tabIndex={-1} data-page-heading className="text-2xl font-semibold tracking-tight focus:outline-none">
          {title}
        </h1>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
