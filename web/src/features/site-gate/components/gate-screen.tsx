import { useEffect } from 'react';
import { PasswordGateCard } from '@/components/password-gate/password-gate-card';
import { PasswordGateForm, usePasswordGateField } from '@/components/password-gate/password-gate-form';
import type { GateState } from '../api/get-gate-state';
import { useGateUnlock } from '../hooks/use-gate-unlock';
import { GateShell } from './gate-shell';

const TITLE = 'Zugang geschützt';

type GateScreenProps = {
  state: GateState;
  /** When `state` was last read from the server (a new read re-arms the lock timer). */
  updatedAt: number;
};

/**
 * The site password screen: password (with show/hide), "Zugang gewähren", the wrong tries
 * counted by the server and, after the third, a lock for as long as the server says.
 */
export function GateScreen({ state, updatedAt }: GateScreenProps) {
  const field = usePasswordGateField();
  const unlock = useGateUnlock(state, updatedAt, field);

  // The gate stands in front of every route, so it names the tab itself while it is shown.
  useEffect(() => {
    const previous = document.title;
    document.title = `${TITLE} – Stimmwerk`;
    return () => {
      document.title = previous;
    };
  }, []);

  return (
    <GateShell>
      <PasswordGateCard
        title={TITLE}
        headingLevel={1}
        description="Stimmwerk ist derzeit nur mit Passwort erreichbar. Bitte geben Sie das Zugangspasswort ein, um fortzufahren."
      >
        <PasswordGateForm
          field={field}
          label="Zugang"
          submitLabel="Zugang gewähren"
          testId="site-gate"
          failures={state.failures}
          maxFailures={state.max_failures}
          locked={unlock.locked}
          busy={unlock.busy}
          inputDisabled={unlock.locked}
          message={unlock.message}
          onSubmit={unlock.submit}
        />
      </PasswordGateCard>
    </GateShell>
  );
}
