import { Pencil, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { DictionaryEntry } from '../api/dictionary';

type Props = { entries: DictionaryEntry[]; isAdmin: boolean; onEdit: (entry: DictionaryEntry) => void; onDelete: (entry: DictionaryEntry) => void };

/** The entries: term, spoken form, rules; own ones (and global ones for admins) can be edited and go. */
export function EntriesTable({ entries, isAdmin, onEdit, onDelete }: Props) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-card">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Aussprache-Wörterbuch</caption>
        <thead className="border-b border-border bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">Begriff</th>
            <th scope="col" className="px-4 py-3 font-medium">Gesprochen als</th>
            <th scope="col" className="px-4 py-3 font-medium">Regeln</th>
            <th scope="col" className="px-4 py-3 font-medium">Aktionen</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-b border-border last:border-0" data-testid="dictionary-row">
              <td className="px-4 py-3 font-medium">
                {entry.term} {entry.global && <Badge variant="primary">Global</Badge>}
              </td>
              <td className="px-4 py-3">
                {entry.spoken}
                {entry.ipa && (
                  <span className="ml-2 font-mono text-xs text-muted-foreground" lang="und-fonipa" title="Lautschrift (IPA)">
                    [{entry.ipa}]
                  </span>
                )}
              </td>
              <td className="px-4 py-3 text-xs text-muted-foreground">
                {entry.whole_word ? 'ganzes Wort' : 'auch in Wörtern'} · {entry.case_sensitive ? 'Groß-/Kleinschreibung genau' : 'Groß-/Kleinschreibung egal'}
              </td>
              <td className="px-4 py-3">
                {(!entry.global || isAdmin) && (
                  <div className="flex gap-1">
                    <Button size="icon" variant="ghost" aria-label={`Bearbeiten: ${entry.term}`} onClick={() => onEdit(entry)} data-testid="dictionary-edit">
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button size="icon" variant="ghost" aria-label={`Löschen: ${entry.term}`} onClick={() => onDelete(entry)} data-testid="dictionary-delete">
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
