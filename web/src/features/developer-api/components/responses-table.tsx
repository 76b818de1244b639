import { SHAPE_TITLES, shapeAnchor } from '../utils/error-shapes';
import { schemaType, type Operation, type OperationResponse } from '../utils/openapi';
import { statusMeaning } from '../utils/status-codes';
import { cell, DocTable } from './doc-table';
import { Markdown } from './markdown';

/** What comes back with a status: an error shape (linked to its explanation), a JSON type, a file, or nothing. */
function ResponseBody({ response }: { response: OperationResponse }) {
  if (response.errorShape) {
    return (
      <>
        Fehler in der{' '}
        <a href={`#${shapeAnchor(response.errorShape)}`} className="font-medium text-primary underline underline-offset-2">
          {SHAPE_TITLES[response.errorShape]}
        </a>
      </>
    );
  }
  if (response.schema) return <>JSON: <code className="font-mono text-xs">{schemaType(response.schema)}</code></>;
  const media = response.mediaTypes[0];
  if (media) return <>{media.startsWith('audio/') ? 'Audiodatei' : 'Datei'} ({media})</>;
  return <>Kein Inhalt</>;
}

/** Every status the document declares for the operation, with its German meaning, body and the server's note. */
export function ResponsesTable({ operation }: { operation: Operation }) {
  return (
    <DocTable caption={`Antworten von ${operation.method} ${operation.path}`} headers={['Status', 'Bedeutung', 'Inhalt', 'Hinweis des Servers']} testId="responses-table">
      {operation.responses.map((r) => (
        <tr key={r.status} data-testid="response-row" data-status={r.status}>
          <th scope="row" className={`${cell} font-mono font-medium`}>
            {r.status === 'default' ? 'sonst' : r.status}
          </th>
          <td className={cell}>{statusMeaning(r.status, operation.usesKey)}</td>
          <td className={cell}>
            <ResponseBody response={r} />
          </td>
          <td className={cell}>{r.description ? <Markdown text={r.description} /> : <span className="text-muted-foreground">–</span>}</td>
        </tr>
      ))}
    </DocTable>
  );
}
