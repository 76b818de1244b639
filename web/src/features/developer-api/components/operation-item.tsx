import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { fieldsOf, type OpenApiDocument, type Operation } from '../utils/openapi';
import { exampleBody } from '../utils/openapi';
import { TryIt } from './try-it';

const METHOD_VARIANT: Record<string, BadgeVariant> = { GET: 'primary', POST: 'success', PUT: 'warning', PATCH: 'warning', DELETE: 'destructive' };

/** One operation: method, path, description, parameters, body fields, responses, and "Ausprobieren". */
export function OperationItem({ doc, operation, apiKey, voice }: { doc: OpenApiDocument; operation: Operation; apiKey: string; voice: string }) {
  const fields = fieldsOf(doc, operation.body);
  return (
    <li>
      <details className="group rounded-lg border border-border bg-card" data-testid="api-operation" data-path={operation.path}>
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-4 py-3 text-sm">
          <Badge variant={METHOD_VARIANT[operation.method] ?? 'neutral'} className="w-16 justify-center font-mono">
            {operation.method}
          </Badge>
          <code className="font-medium">{operation.path}</code>
          <span className="text-muted-foreground">{operation.summary}</span>
        </summary>
        <div className="flex flex-col gap-4 border-t border-border px-4 py-4 text-sm">
          {operation.description && <p className="whitespace-pre-line">{operation.description}</p>}
          {operation.parameters.length > 0 && (
            <section>
              <h3 className="mb-1 font-medium">Parameter</h3>
              <ul className="flex flex-col gap-1">
                {operation.parameters.map((p) => (
                  <li key={`${p.in}-${p.name}`}>
                    <code>{p.name}</code> <span className="text-xs text-muted-foreground">({p.in}{p.required ? ', Pflicht' : ''})</span> {p.description}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {fields.length > 0 && (
            <section>
              <h3 className="mb-1 font-medium">JSON-Inhalt</h3>
              <ul className="flex flex-col gap-1">
                {fields.map((f) => (
                  <li key={f.name}>
                    <code>{f.name}</code> <span className="text-xs text-muted-foreground">({f.type}{f.required ? ', Pflicht' : ''})</span> {f.description}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section>
            <h3 className="mb-1 font-medium">Antworten</h3>
            <ul className="flex flex-col gap-1">
              {operation.responses.map((r) => (
                <li key={r.status}>
                  <code>{r.status}</code> {r.description}
                </li>
              ))}
            </ul>
          </section>
          {operation.usesKey && (
            <section>
              <h3 className="mb-1 font-medium">Ausprobieren</h3>
              <TryIt operation={operation} apiKey={apiKey} initialBody={exampleBody(doc, operation.body, voice)} />
            </section>
          )}
        </div>
      </details>
    </li>
  );
}
