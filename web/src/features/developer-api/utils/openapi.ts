/**
 * Reading the served OpenAPI document for the docs page: the operations (developer API
 * first), their parameters, and the fields of request bodies, with a starting body for
 * "Ausprobieren".
 */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  oneOf?: Schema[];
};

export type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; description?: string; required?: boolean; schema?: Schema };

type RawOperation = {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string }>;
  security?: Array<Record<string, string[]>>;
};

export type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, Schema> };
};

export type Operation = {
  id: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
  description: string;
  parameters: Parameter[];
  body: Schema | null;
  responses: Array<{ status: string; description: string }>;
  /** Authenticated with an API key (the developer API): "Ausprobieren" is offered. */
  usesKey: boolean;
};

/** Tags of the developer API, listed first and shown by default. */
export const DEVELOPER_TAGS = ['v1', 'openai'];
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      out.push({
        id: op.operationId ?? `${method}_${path}`,
        method: method.toUpperCase(),
        path,
        tag: op.tags?.[0] ?? 'sonstige',
        summary: op.summary ?? '',
        description: op.description ?? '',
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        responses: Object.entries(op.responses ?? {}).map(([status, r]) => ({ status, description: r.description ?? '' })),
        usesKey: (op.security ?? []).some((s) => 'api_key' in s),
      });
    }
  }
  const rank = (o: Operation) => (DEVELOPER_TAGS.includes(o.tag) ? DEVELOPER_TAGS.indexOf(o.tag) : DEVELOPER_TAGS.length);
  return out.sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path) || METHODS.indexOf(a.method.toLowerCase()) - METHODS.indexOf(b.method.toLowerCase()));
}

/** The schema a `$ref` names (one level), or the schema itself. */
export function resolve(doc: OpenApiDocument, schema: Schema | null | undefined): Schema | null {
  if (!schema) return null;
  if (schema.$ref) return doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''] ?? null;
  return schema;
}

export type Field = { name: string; type: string; required: boolean; description: string };

function typeName(schema: Schema): string {
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'object';
  if (schema.enum) return schema.enum.map(String).join(' | ');
  if (schema.oneOf) return schema.oneOf.map(typeName).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null').join(' | ') : (schema.type ?? 'object');
  return type === 'array' && schema.items ? `${typeName(schema.items)}[]` : type;
}

/** The fields of a request body. */
export function fieldsOf(doc: OpenApiDocument, schema: Schema | null): Field[] {
  const resolved = resolve(doc, schema);
  return Object.entries(resolved?.properties ?? {}).map(([name, s]) => ({
    name,
    type: typeName(s),
    required: resolved?.required?.includes(name) ?? false,
    description: s.description ?? '',
  }));
}

/** A body to start "Ausprobieren" with: the usual values for the fields people send. */
export function exampleBody(doc: OpenApiDocument, schema: Schema | null, voice: string): Record<string, unknown> | null {
  const fields = fieldsOf(doc, schema);
  if (fields.length === 0) return null;
  const known: Record<string, unknown> = { text: 'Guten Tag aus der API!', input: 'Guten Tag aus der API!', voice, model: 'tts-1', response_format: 'mp3' };
  return Object.fromEntries(fields.filter((f) => f.name in known).map((f) => [f.name, known[f.name]]));
}
