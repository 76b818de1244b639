import { useId } from 'react';

/**
 * A labelled block of code: the caption names the figure (said explicitly, since not
 * every screen reader takes a figure's name from its figcaption), and long lines wrap,
 * so the block never scrolls and needs no tab stop of its own.
 */
export function CodeBlock({ label, code, testId }: { label: string; code: string; testId?: string }) {
  const id = useId();
  return (
    <figure className="flex flex-col gap-1" aria-labelledby={id}>
      <figcaption id={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </figcaption>
      <pre className="whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-xs leading-relaxed" data-testid={testId}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
