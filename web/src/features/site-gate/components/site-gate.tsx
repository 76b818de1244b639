import type { ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { LoadingScreen } from '@/components/ui/spinner';
import { useGateState } from '../api/get-gate-state';
import { GateScreen } from './gate-screen';
import { GateShell } from './gate-shell';

/**
 * Shows every page only once the site is open to this browser: when the server asks for
 * the site password (`required && !unlocked`) the gate screen comes first.
 */
export function SiteGate({ children }: { children: ReactNode }) {
  const gate = useGateState();

  if (!gate.data) {
    if (gate.isError) {
      return (
        <GateShell>
          <div className="flex w-full max-w-md flex-col gap-4">
            <h1 className="text-xl font-semibold tracking-tight">Stimmwerk ist gerade nicht erreichbar</h1>
            <LoadErrorAlert
              title="Die Seite konnte nicht geladen werden"
              error={gate.error}
              onRetry={() => void gate.refetch()}
            />
          </div>
        </GateShell>
      );
    }
    return <LoadingScreen className="min-h-screen" />;
  }
  if (gate.data.required && !gate.data.unlocked) {
    return <GateScreen state={gate.data} updatedAt={gate.dataUpdatedAt} />;
  }
  return <>{children}</>;
}
