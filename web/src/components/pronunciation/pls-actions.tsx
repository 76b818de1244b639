import { Download, Upload } from 'lucide-react';
import { useRef } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { dictionaryUrls, PLS_FILENAME } from '@/lib/dictionary';

type PlsActionsProps = {
  /** A project's entries (export: its entries first; import: into them); else the user's own. */
  projectId?: string;
  /** An import is on its way. */
  pending: boolean;
  /** The chosen PLS file, to be sent as it is. */
  onFile: (file: File) => void;
  size?: 'sm' | 'md';
};

/**
 * "Als PLS exportieren" (a download, like the CSV export) and "PLS importieren" (a W3C
 * Pronunciation Lexicon as ElevenLabs and Azure read it), for the dictionary page and a project.
 */
export function PlsActions({ projectId, pending, onFile, size = 'md' }: PlsActionsProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <a className={buttonClasses('outline', size)} href={dictionaryUrls.exportPls(projectId)} download={PLS_FILENAME} data-testid="pls-export">
        <Download aria-hidden="true" /> Als PLS exportieren
      </a>
      <Button variant="outline" size={size} loading={pending} onClick={() => input.current?.click()} data-testid="pls-import">
        {!pending && <Upload aria-hidden="true" />} PLS importieren
      </Button>
      <input
        ref={input}
        type="file"
        accept=".pls,.xml,application/pls+xml,application/xml,text/xml"
        className="sr-only"
        tabIndex={-1}
        aria-label="PLS-Datei importieren"
        data-testid="pls-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
    </>
  );
}
