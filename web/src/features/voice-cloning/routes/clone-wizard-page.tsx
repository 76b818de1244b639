import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingScreen } from '@/components/ui/spinner';
import { useSearchParams } from 'react-router';
import { useMe } from '@/lib/auth';
import { useCloneSetup } from '../api/get-setup';
import { CloneWizard } from '../components/clone-wizard';

/** `/dashboard/voice-cloning/new`: the clone wizard (`?resume=1` continues a saved draft without asking). */
export function CloneWizardPage() {
  const me = useMe();
  const setup = useCloneSetup();
  const [search] = useSearchParams();
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader
        title="Neue Stimme klonen"
        description="In sieben Schritten zur eigenen Stimme: Name, Klonquelle, Aufnahme, Einwilligung und Aktivierung."
      />
      {setup.isPending || !me.data ? (
        <LoadingScreen label="Assistent wird geladen..." />
      ) : setup.isError ? (
        <LoadErrorAlert title="Der Assistent konnte nicht geladen werden" error={setup.error} onRetry={() => void setup.refetch()} />
      ) : (
        <CloneWizard
          userId={me.data.id}
          userName={me.data.name}
          setup={setup.data}
          autoResume={search.get('resume') === '1'}
        />
      )}
    </div>
  );
}
