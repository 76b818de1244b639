import { useId, type ReactNode } from 'react';

/**
 * A table of the docs. Its caption names it for screen readers (the heading above says
 * the same on screen). On a phone it keeps readable columns and scrolls sideways inside
 * its own region, which therefore takes the focus (axe: scrollable-region-focusable) and
 * is named by the caption.
 */
export function DocTable({ caption, headers, children, testId }: { caption: string; headers: string[]; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard
    <div role="region" aria-labelledby={id} tabIndex={0} className="overflow-x-auto rounded-md border border-border">
      <table className="w-full min-w-[34rem] text-left text-sm" data-testid={testId}>
        <caption id={id} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-muted/60 text-xs text-muted-foreground">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border align-top">{children}</tbody>
      </table>
    </div>
  );
}

/** Cell classes shared by the docs' tables. */
export const cell = 'px-3 py-2';
