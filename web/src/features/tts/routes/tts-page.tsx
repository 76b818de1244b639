import { PageHeader } from '@/components/ui/page-header';
import { useMe } from '@/lib/auth';
import { JobList } from '../components/job-list';
import { TtsForm } from '../components/tts-form';

export function TtsPage() {
  const { data: me } = useMe();
  return (
    <>
      <PageHeader title="Text zu Sprache" description="Wandeln Sie Text mit natürlichen Stimmen in hochwertige Audios um." />
      <TtsForm balanceCent={me?.balance_cent ?? 0} />
      <JobList />
    </>
  );
}
