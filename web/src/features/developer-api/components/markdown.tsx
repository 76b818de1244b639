import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';

/*
 * The document's descriptions are CommonMark. react-markdown builds React elements from
 * the parsed text and never injects HTML: raw HTML in a description (`<script>`, `<img
 * onerror>`) comes out as visible text, and `javascript:` links lose their address.
 * No rehype-raw, on purpose.
 */

const isExternal = (href: string | undefined) => !!href && /^https?:\/\//i.test(href);

/** A description sits below the page's own headings; headings of its own would break their order. */
function Heading({ children }: { children?: ReactNode }) {
  return <p className="font-semibold">{children}</p>;
}

const linkClass = 'font-medium text-primary underline underline-offset-2';

const BLOCK: Components = {
  a: ({ href, children }) =>
    isExternal(href) ? (
      <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {children}
        <span className="sr-only"> (öffnet in einem neuen Tab)</span>
      </a>
    ) : (
      <a href={href} className={linkClass}>
        {children}
      </a>
    ),
  code: ({ children }) => <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">{children}</code>,
  pre: ({ children }) => <pre className="whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-xs [&_code]:bg-transparent [&_code]:p-0">{children}</pre>,
  p: ({ children }) => <p className="leading-relaxed">{children}</p>,
  ul: ({ children }) => <ul className="list-disc pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="list-decimal pl-5">{children}</ol>,
  h1: Heading,
  h2: Heading,
  h3: Heading,
  h4: Heading,
  h5: Heading,
  h6: Heading,
  // The docs load no images from elsewhere: the alternative text stands in for one.
  img: ({ alt }) => <span>{alt}</span>,
};

/** A description from the document, rendered as CommonMark (paragraphs, lists, code, links). */
export function Markdown({ text, className }: { text: string; className?: string }) {
  if (!text.trim()) return null;
  return (
    <div className={className ?? 'flex flex-col gap-2 break-words'} data-testid="markdown">
      <ReactMarkdown components={BLOCK}>{text}</ReactMarkdown>
    </div>
  );
}

const INLINE: Components = { code: BLOCK.code };

/**
 * A description inside a line (the closed operation's `<summary>`): only code, emphasis
 * and strong text stay; paragraphs, lists and links become their text, since a
 * `<summary>` holds phrasing content and a link inside it would compete with the toggle.
 */
export function InlineMarkdown({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className}>
      <ReactMarkdown components={INLINE} allowedElements={['code', 'em', 'strong']} unwrapDisallowed>
        {text}
      </ReactMarkdown>
    </span>
  );
}
