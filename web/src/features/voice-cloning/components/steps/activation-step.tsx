import type { ReactNode } from 'react';
import { formatDuration, formatEuroFromCents } from '@/lib/format';
import type { CloneSetup } from '../../api/types';
import { engineLabel } from '../../utils/engine';
import type { StepProps } from './types';

function Row({ term, children, testId }: { term: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:gap-4">
      <dt className="w-44 shrink-0 text-sm text-muted-foreground">{term}</dt>
      <dd className="text-sm font-medium break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Step 7: what will be created, with the engine and the monthly fee. */
export function ActivationStep({ values, setup }: Pick<StepProps, 'values'> & { setup: CloneSetup }) {
  return (
    <div className="flex flex-col gap-4">
      <dl className="divide-y divide-border rounded-lg border border-border px-4">
        <Row term="Name" testId="summary-name">
          {values.name.trim()}
        </Row>
        {values.description.trim() !== '' && (
          <Row term="Beschreibung" testId="summary-description">
            {values.description.trim()}
          </Row>
        )}
        <Row term="Klonquelle" testId="summary-source">
          {values.clonedFrom.trim()}
        </Row>
        <Row term="Engine" testId="summary-engine">
          {engineLabel(setup)}
        </Row>
        <Row term="Aufnahmen" testId="summary-recordings">
          Trainingstext {formatDuration(values.training?.durationSeconds)}, Einwilligung{' '}
          {formatDuration(values.consentRecording?.durationSeconds)}
        </Row>
        <Row term="Monatliche Gebühr" testId="summary-fee">
          {formatEuroFromCents(setup.monthly_fee_cent)}/Monat
        </Row>
      </dl>
      <p className="text-sm text-muted-foreground">
        Mit „Fertigstellen“ wird die Stimme angelegt, die Aufnahmen werden hochgeladen und das Training startet. Noch wird nichts
        abgebucht: Nach dem Training hören Sie die Stimme kostenlos an und aktivieren sie, wenn sie Ihnen gefällt. Erst dann wird die
        Gebühr für die ersten 30 Tage fällig, danach alle 30 Tage.
      </p>
    </div>
  );
}
