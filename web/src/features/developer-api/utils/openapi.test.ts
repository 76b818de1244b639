import { describe, expect, it } from 'vitest';
import { errorShapeOf, exampleBody, fieldsOf, operationsOf, type OpenApiDocument } from './openapi';

const doc: OpenApiDocument = {
  info: { title: 'Stimmwerk API', version: '1' },
  paths: {
    '/api/me': { get: { tags: ['auth'], summary: 'Ich', responses: { '200': { description: 'ok' } } } },
    '/v1/jobs': {
      post: {
        tags: ['v1'],
        summary: 'Auftrag',
        security: [{ api_key: [] }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateBody' } } } },
        responses: {
          '201': { description: 'angelegt', content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateBody' } } } },
          '402': { description: 'Guthaben', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
        },
      },
      get: { tags: ['v1'], security: [{ api_key: [] }], parameters: [{ name: 'status', in: 'query' }] },
    },
    '/v1/audio/speech': {
      post: {
        tags: ['openai'],
        security: [{ api_key: [] }],
        responses: {
          '200': { description: 'Audio', content: { 'audio/mpeg': {} } },
          '400': { description: '', content: { 'application/json': { schema: { $ref: '#/components/schemas/OpenAiErrorBody' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      ErrorBody: { type: 'object', properties: { error: { $ref: '#/components/schemas/ErrorDetail' } } },
      ErrorDetail: { type: 'object', properties: { code: { type: 'string' }, title: { type: 'string' }, message: { type: 'string' }, fields: { type: 'object' } } },
      OpenAiErrorBody: { type: 'object', properties: { error: { $ref: '#/components/schemas/OpenAiErrorDetail' } } },
      OpenAiErrorDetail: { type: 'object', properties: { message: { type: 'string' }, type: { type: 'string' }, param: { type: 'string' }, code: { type: 'string' } } },
      CreateBody: {
        type: 'object',
        required: ['text'],
        properties: { text: { type: 'string', description: '1 - 5000 Zeichen' }, voice: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
      },
    },
  },
};

describe('the docs page reads the OpenAPI document', () => {
  it('lists the developer API first, marks key routes, keeps responses', () => {
    const ops = operationsOf(doc);
    expect(ops.map((o) => `${o.method} ${o.path}`)).toEqual(['GET /v1/jobs', 'POST /v1/jobs', 'POST /v1/audio/speech', 'GET /api/me']);
    expect(ops.find((o) => o.path === '/api/me')!.usesKey).toBe(false);
    expect(ops[1].responses.map((r) => [r.status, r.description, r.errorShape])).toEqual([
      ['201', 'angelegt', null],
      ['402', 'Guthaben', 'stimmwerk'],
    ]);
  });

  it('tells the error shapes apart by their fields, and keeps what a body is', () => {
    const speech = operationsOf(doc).find((o) => o.path === '/v1/audio/speech')!;
    expect(speech.responses.map((r) => [r.status, r.mediaTypes, r.errorShape])).toEqual([
      ['200', ['audio/mpeg'], null],
      ['400', ['application/json'], 'openai'],
    ]);
    // A body that merely has an `error` field of another kind is no error shape.
    expect(errorShapeOf(doc, { type: 'object', properties: { error: { type: 'string' } } })).toBeNull();
    expect(errorShapeOf(doc, null)).toBeNull();
  });

  it('resolves body fields and starts a body with a real voice', () => {
    const body = operationsOf(doc)[1].body;
    expect(fieldsOf(doc, body)).toEqual([
      { name: 'text', type: 'string', required: true, description: '1 - 5000 Zeichen' },
      { name: 'voice', type: 'string', required: false, description: '' },
      { name: 'tags', type: 'string[]', required: false, description: '' },
    ]);
    expect(exampleBody(doc, body, 'local-de-klara')).toEqual({ text: 'Guten Tag aus der API!', voice: 'local-de-klara' });
  });
});
