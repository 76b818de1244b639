import { Download, ShieldCheck } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { saveBlob } from '@/lib/download';
import { CopyButton } from '@/components/ui/copy-button';

export const RECOVERY_CODES_FILE_NAME = 'stimmwerk-wiederherstellungscodes.txt';

function codesText(codes: string[]): string {
  return [
    'Stimmwerk – Wiederherstellungscodes für die Zwei-Faktor-Anmeldung',
    'Jeder Code gilt genau einmal, falls Sie keinen Zugriff auf Ihre Authenticator-App haben.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The ten recovery codes right after enabling: shown once, to copy or download. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4" data-testid="recovery-codes">
      <Alert variant="success" title="Zwei-Faktor-Anmeldung eingeschaltet">
        Ab jetzt fragen wir bei der Anmeldung nach einem Code aus Ihrer App.
      </Alert>
      <Alert variant="error" title="Wiederherstellungscodes jetzt sichern">
        Diese Codes werden nur dieses eine Mal angezeigt. Bewahren Sie sie sicher auf: Jeder Code ermöglicht genau eine
        Anmeldung, falls Sie Ihr Telefon oder Ihre App verlieren.
      </Alert>
      <ol
        className="grid max-w-md grid-cols-1 gap-x-8 gap-y-2 rounded-lg border border-border bg-muted/50 p-4 font-mono text-sm sm:grid-cols-2"
        aria-label="Wiederherstellungscodes"
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code" className="tracking-wide">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton value={codes.join('\n')} label="Codes kopieren" copiedMessage="Wiederherstellungscodes kopiert" text />
        <Button
          variant="outline"
          onClick={() => saveBlob(new Blob([codesText(codes)], { type: 'text/plain;charset=utf-8' }), RECOVERY_CODES_FILE_NAME)}
        >
          <Download aria-hidden="true" />
          Als Textdatei herunterladen
        </Button>
      </div>
      <div className="flex justify-end">
        <Button onClick={onDone} data-testid="recovery-codes-done">
          <ShieldCheck aria-hidden="true" />
          Ich habe die Codes gesichert
        </Button>
      </div>
    </div>
  );
}
