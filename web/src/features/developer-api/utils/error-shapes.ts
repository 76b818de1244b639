/**
 * The section "Fehlerantworten": which routes answer errors in which shape (read from the
 * document, so a route that changes its shape moves by itself), and one real-looking
 * example of each, with the texts and codes the server sends.
 */
import type { ErrorShape, Operation } from './openapi';

export const ERROR_SHAPES: ErrorShape[] = ['openai', 'stimmwerk'];

/** The operations whose error answers have `shape`, in the document's order. */
export function routesAnswering(operations: Operation[], shape: ErrorShape): Operation[] {
  return operations.filter((o) => o.responses.some((r) => r.errorShape === shape));
}

/** The anchor of a shape's part of the section, for links from the answer tables. */
export const shapeAnchor = (shape: ErrorShape) => `fehler-${shape}`;

export const SHAPE_TITLES: Record<ErrorShape, string> = {
  openai: 'OpenAI-Form',
  stimmwerk: 'Stimmwerk-Form',
};

const UNKNOWN_VOICE = 'Unbekannte Stimme „klara“. GET /v1/voices listet die Schlüssel (z. B. local-de-klara).';

/** One example per shape: the same mistake (an unknown voice) on a route of each kind. */
export const ERROR_EXAMPLES: Record<ErrorShape, { request: string; status: number; body: unknown }> = {
  openai: {
    request: 'POST /v1/audio/speech',
    // OpenAI answers invalid input with 400, not 422; the SDKs expect that.
    status: 400,
    body: { error: { message: UNKNOWN_VOICE, type: 'invalid_request_error', param: 'voice', code: 'validation' } },
  },
  stimmwerk: {
    request: 'POST /v1/jobs',
    status: 422,
    body: { error: { code: 'validation', title: 'Ungültige Eingabe', message: UNKNOWN_VOICE, fields: { voice: UNKNOWN_VOICE } } },
  },
};
