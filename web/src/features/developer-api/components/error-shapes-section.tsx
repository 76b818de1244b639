import type { ReactNode } from 'react';
import { ERROR_EXAMPLES, ERROR_SHAPES, routesAnswering, SHAPE_TITLES, shapeAnchor } from '../utils/error-shapes';
import type { ErrorShape, Operation } from '../utils/openapi';
import { statusMeaning } from '../utils/status-codes';
import { CodeBlock } from './code-block';

const c = (text: string) => <code className="rounded bg-muted px-1 font-mono text-[0.85em]">{text}</code>;

/** What each shape says and how to read its fields; the routes and the example come from elsewhere. */
const EXPLANATIONS: Record<ErrorShape, { intro: ReactNode; fields: Array<[string, ReactNode]> }> = {
  openai: {
    intro: <>Wie bei OpenAI, damit die offiziellen OpenAI-SDKs ihre üblichen Ausnahmen auslösen. Ungültige Eingaben beantworten diese Routen mit 400 (nicht 422).</>,
    fields: [
      ['message', 'Die Meldung auf Deutsch, zum Anzeigen gedacht.'],
      ['type', <>Die Fehlerklasse von OpenAI: {c('invalid_request_error')} (400), {c('authentication_error')} (401), {c('insufficient_quota')} (402), {c('rate_limit_error')} (429), {c('server_error')} (5xx).</>],
      ['param', <>Bei ungültiger Eingabe das Feld Ihrer Anfrage, das abgelehnt wurde, z. B. {c('voice')} oder {c('model')}; sonst {c('null')}.</>],
      ['code', <>Der feste Code von Stimmwerk, derselbe wie in der Stimmwerk-Form, z. B. {c('validation')} oder {c('insufficient_balance')}.</>],
    ],
  },
  stimmwerk: {
    intro: <>Die Form aller übrigen Routen, auch der Web-App.</>,
    fields: [
      ['code', <>Der feste Code zum Auswerten im Programm, z. B. {c('validation')}, {c('insufficient_balance')}, {c('rate_limited')}.</>],
      ['title', 'Eine kurze Überschrift auf Deutsch.'],
      ['message', 'Die Meldung auf Deutsch, zum Anzeigen gedacht.'],
      ['fields', <>Nur bei ungültiger Eingabe (422): je abgelehntem Feld Ihrer Anfrage dessen Name und die Meldung dazu, z. B. {c('{"voice": "Unbekannte Stimme …"}')}. Fehlt bei allen anderen Fehlern.</>],
    ],
  },
};

function ShapePart({ shape, operations }: { shape: ErrorShape; operations: Operation[] }) {
  const routes = routesAnswering(operations, shape);
  const example = ERROR_EXAMPLES[shape];
  return (
    <section aria-labelledby={shapeAnchor(shape)} className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4" data-testid={`error-shape-${shape}`}>
      {/* Reached by the links in the answer tables: scroll-mt keeps it clear of the sticky top bar. */}
      <h3 id={shapeAnchor(shape)} className="scroll-mt-20 font-semibold">
        {SHAPE_TITLES[shape]}
      </h3>
      <p>{EXPLANATIONS[shape].intro}</p>
      <div>
        <p className="font-medium">Routen in dieser Form</p>
        {routes.length > 0 ? (
          <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1" data-testid="error-shape-routes">
            {routes.map((o) => (
              // A project route's path is longer than a phone is wide: it breaks anywhere.
              <li key={o.id} className="min-w-0 max-w-full">
                <code className="break-all font-mono text-xs">
                  {o.method} {o.path}
                </code>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">Keine Route der Entwickler-API antwortet in dieser Form.</p>
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {EXPLANATIONS[shape].fields.map(([name, meaning]) => (
          <div key={name} className="contents">
            <dt className="font-mono text-xs leading-5">{name}</dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
      <CodeBlock
        label={`Beispiel: ${example.status} (${statusMeaning(example.status, true)}) auf ${example.request} mit einer unbekannten Stimme`}
        code={JSON.stringify(example.body, null, 2)}
        testId={`error-example-${shape}`}
      />
    </section>
  );
}

/** "Fehlerantworten": the two error shapes of the developer API, which routes use which, and how to read them. */
export function ErrorShapesSection({ operations }: { operations: Operation[] }) {
  return (
    <section aria-labelledby="fehlerantworten" className="mb-8 flex flex-col gap-3 text-sm" data-testid="error-shapes">
      <h2 id="fehlerantworten" className="text-lg font-semibold">
        Fehlerantworten
      </h2>
      <p>
        Jeder Fehler kommt als JSON mit einem Objekt {c('error')}, dessen {c('message')} eine deutsche Meldung ist, die Sie so anzeigen können. Die Entwickler-API
        kennt zwei Formen dieses Objekts: die OpenAI-Form auf den OpenAI-kompatiblen Routen, die Stimmwerk-Form auf allen anderen. Welche Form eine Antwort hat,
        steht auch bei jeder Route in der Tabelle „Antworten“.
      </p>
      <p>
        {c('fields')} und {c('param')} nennen das Feld so, wie Ihre Anfrage es geschickt hat (im JSON-Inhalt, z. B. {c('voice')} oder {c('model')}): Sie können
        die Meldung also dem Feld zuordnen, aus dem der Wert kam. {c('param')} nennt ein Feld, {c('fields')} jedes abgelehnte.
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        {ERROR_SHAPES.map((shape) => (
          <ShapePart key={shape} shape={shape} operations={operations} />
        ))}
      </div>
    </section>
  );
}
