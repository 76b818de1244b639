import { parameterDescription, schemaType, type Field, type Operation, type Parameter } from '../utils/openapi';
import { cell, DocTable } from './doc-table';
import { Markdown } from './markdown';

const PLACES: Record<Parameter['in'], string> = { path: 'Pfad', query: 'Abfrage', header: 'Kopfzeile', cookie: 'Cookie' };

const yesNo = (required: boolean | undefined) => (required ? 'Ja' : 'Nein');

function Description({ text }: { text: string }) {
  return text ? <Markdown text={text} /> : <span className="text-muted-foreground">–</span>;
}

/** The operation's path, query and header parameters. */
export function ParametersTable({ operation }: { operation: Operation }) {
  return (
    <DocTable caption={`Parameter von ${operation.method} ${operation.path}`} headers={['Name', 'Ort', 'Typ', 'Pflicht', 'Beschreibung']} testId="parameters-table">
      {operation.parameters.map((p) => (
        <tr key={`${p.in}-${p.name}`}>
          <th scope="row" className={`${cell} font-mono text-xs font-medium`}>
            {p.name}
          </th>
          <td className={cell}>{PLACES[p.in]}</td>
          <td className={`${cell} font-mono text-xs`}>{schemaType(p.schema)}</td>
          <td className={cell}>{yesNo(p.required)}</td>
          <td className={cell}>
            <Description text={parameterDescription(p)} />
          </td>
        </tr>
      ))}
    </DocTable>
  );
}

/** The fields of the operation's JSON body. */
export function BodyFieldsTable({ operation, fields }: { operation: Operation; fields: Field[] }) {
  return (
    <DocTable caption={`Felder des JSON-Inhalts von ${operation.method} ${operation.path}`} headers={['Feld', 'Typ', 'Pflicht', 'Beschreibung']} testId="body-table">
      {fields.map((f) => (
        <tr key={f.name}>
          <th scope="row" className={`${cell} font-mono text-xs font-medium`}>
            {f.name}
          </th>
          <td className={`${cell} font-mono text-xs`}>{f.type}</td>
          <td className={cell}>{yesNo(f.required)}</td>
          <td className={cell}>
            <Description text={f.description} />
          </td>
        </tr>
      ))}
    </DocTable>
  );
}
