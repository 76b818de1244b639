/**
 * Reading the served OpenAPI document for the docs page: the operations (developer API
 * first), their parameters, responses and the error shape each answers in, and the
 * fields of request bodies, with a starting body for "Ausprobieren".
 */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  format?: string;
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
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
  security?: Array<Record<string, string[]>>;
};

export type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  tags?: Array<{ name: string; description?: string }>;
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
  responses: OperationResponse[];
  /** Authenticated with an API key (the developer API): "Ausprobieren" is offered. */
  usesKey: boolean;
};

/**
 * The two bodies an error answer can have on /v1: OpenAI's `{"error": {"message", "type",
 * "param", "code"}}` on the OpenAI-compatible routes (so the SDKs raise their usual
 * exceptions), Stimmwerk's `{"error": {"code", "title", "message", "fields"}}` elsewhere.
 */
export type ErrorShape = 'openai' | 'stimmwerk';

export type OperationResponse = {
  /** `200`, `422`, … or `default`. */
  status: string;
  description: string;
  /** Media types of the body (`application/json`, `audio/mpeg`); empty without a body. */
  mediaTypes: string[];
  /** The JSON body's schema, or null. */
  schema: Schema | null;
  /** The error shape the body has, when it is one. */
  errorShape: ErrorShape | null;
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
        responses: Object.entries(op.responses ?? {}).map(([status, r]) => {
          const schema = r.content?.['application/json']?.schema ?? null;
          return { status, description: r.description ?? '', mediaTypes: Object.keys(r.content ?? {}), schema, errorShape: errorShapeOf(doc, schema) };
        }),
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

/**
 * Which error shape a body schema is, told by its fields rather than its name: OpenAI's
 * detail has `type` and `param`, Stimmwerk's has `title` (and `fields`).
 */
export function errorShapeOf(doc: OpenApiDocument, schema: Schema | null): ErrorShape | null {
  const detail = resolve(doc, resolve(doc, schema)?.properties?.error);
  const names = Object.keys(detail?.properties ?? {});
  if (names.includes('param') && names.includes('type')) return 'openai';
  if (names.includes('title') && names.includes('message')) return 'stimmwerk';
  return null;
}

/** A tag's description from the document (the server writes them in German). */
export function tagDescription(doc: OpenApiDocument, tag: string): string {
  return doc.tags?.find((t) => t.name === tag)?.description ?? '';
}

export type Field = { name: string; type: string; required: boolean; description: string };

function typeName(schema: Schema): string {
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'object';
  if (schema.enum) return schema.enum.map(String).join(' | ');
  if (schema.oneOf) return schema.oneOf.map(typeName).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null').join(' | ') : (schema.type ?? 'object');
  if (type === 'array' && schema.items) return `${typeName(schema.items)}[]`;
  // `uuid`, `date-time`: what the string must look like; `int64`, `float` add nothing a reader needs.
  return schema.format && type === 'string' ? `${type} (${schema.format})` : type;
}

/** How a schema is written in the tables: `string`, `JobList`, `pending | failed`, `string[]`. */
export function schemaType(schema: Schema | null | undefined): string {
  return schema ? typeName(schema) : '';
}

/** A parameter's description, or its schema's when the parameter has none of its own. */
export function parameterDescription(p: Parameter): string {
  return p.description ?? p.schema?.description ?? '';
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
