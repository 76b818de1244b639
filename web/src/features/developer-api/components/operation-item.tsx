import type { ReactNode } from 'react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { exampleBody, fieldsOf, type OpenApiDocument, type Operation } from '../utils/openapi';
import { BodyFieldsTable, ParametersTable } from './field-tables';
import { InlineMarkdown, Markdown } from './markdown';
import { ResponsesTable } from './responses-table';
import { TryIt } from './try-it';

const METHOD_VARIANT: Record<string, BadgeVariant> = { GET: 'primary', POST: 'success', PUT: 'warning', PATCH: 'warning', DELETE: 'destructive' };

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="font-medium">{title}</h3>
      {children}
    </section>
  );
}

/** One operation: method, path, description, parameters, body fields, every answer, and "Ausprobieren". */
export function OperationItem({ doc, operation, apiKey, voice }: { doc: OpenApiDocument; operation: Operation; apiKey: string; voice: string }) {
  const fields = fieldsOf(doc, operation.body);
  // The server often puts a whole doc comment into `summary`: the closed line shows its
  // start, the open operation all of it (with the description, when there is one) and
  // drops the line, so the text is not there twice.
  const text = [operation.summary, operation.description].filter(Boolean).join('\n\n');
  return (
    <li>
      <details className="group scroll-mt-20 rounded-lg border border-border bg-card" data-testid="api-operation" data-path={operation.path} data-method={operation.method}>
        <summary className="flex cursor-pointer items-start gap-3 px-4 py-3 text-sm">
          <Badge variant={METHOD_VARIANT[operation.method] ?? 'neutral'} className="mt-0.5 w-16 shrink-0 justify-center font-mono">
            {operation.method}
          </Badge>
          <span className="flex min-w-0 flex-col gap-0.5">
            <code className="break-all font-medium">{operation.path}</code>
            {operation.summary && <InlineMarkdown text={operation.summary} className="line-clamp-2 text-muted-foreground group-open:hidden" />}
          </span>
        </summary>
        <div className="flex flex-col gap-5 border-t border-border px-4 py-4 text-sm">
          <Markdown text={text} />
          {operation.parameters.length > 0 && (
            <Part title="Parameter">
              <ParametersTable operation={operation} />
            </Part>
          )}
          {fields.length > 0 && (
            <Part title="JSON-Inhalt">
              <BodyFieldsTable operation={operation} fields={fields} />
            </Part>
          )}
          <Part title="Antworten">
            {operation.responses.length > 0 ? <ResponsesTable operation={operation} /> : <p className="text-muted-foreground">Das Dokument nennt keine Antworten.</p>}
          </Part>
          {operation.usesKey && (
            <Part title="Ausprobieren">
              <TryIt operation={operation} apiKey={apiKey} initialBody={exampleBody(doc, operation.body, voice)} />
            </Part>
          )}
        </div>
      </details>
    </li>
  );
}
