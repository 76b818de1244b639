import { describe, expect, it } from 'vitest';
import { exampleBody, fieldsOf, operationsOf, type OpenApiDocument } from './openapi';

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
        responses: { '201': { description: 'angelegt' }, '402': { description: 'Guthaben' } },
      },
      get: { tags: ['v1'], security: [{ api_key: [] }], parameters: [{ name: 'status', in: 'query' }] },
    },
    '/v1/audio/speech': { post: { tags: ['openai'], security: [{ api_key: [] }] } },
  },
  components: {
    schemas: {
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
    expect(ops[1].responses).toEqual([{ status: '201', description: 'angelegt' }, { status: '402', description: 'Guthaben' }]);
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
