import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingScreen } from '@/components/ui/spinner';
import { useMe } from '@/lib/auth';
import { useLimits } from '@/lib/limits';
import { useVoices } from '../api/get-voices';
import { TtsWorkspace } from '../components/tts-workspace';

export function TtsPage() {
  const { data: me } = useMe();
  const voices = useVoices();
  const limits = useLimits();
  return (
    <>
      <PageHeader title="Text zu Sprache" description="Wandeln Sie Text mit natürlichen Stimmen in hochwertige Audios um." />
      {voices.isPending || limits.isPending ? (
        <LoadingScreen label="Stimmen werden geladen..." />
      ) : voices.isError ? (
        <LoadErrorAlert title="Stimmen konnten nicht geladen werden" error={voices.error} onRetry={() => void voices.refetch()} />
      ) : limits.isError ? (
        <LoadErrorAlert title="Limits konnten nicht geladen werden" error={limits.error} onRetry={() => void limits.refetch()} />
      ) : (
        <TtsWorkspace
          catalogue={voices.data}
          limits={limits.data}
          balanceCent={me?.balance_cent ?? 0}
          isAdmin={me?.role === 'admin'}
        />
      )}
    </>
  );
}
