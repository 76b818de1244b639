import { Mic2, Plus } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import { SamplesPlaylistDialog } from '@/components/voice-samples/samples-playlist-dialog';
import { paths } from '@/config/paths';
import { authKeys, useMe } from '@/lib/auth';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useClones } from '../api/get-clones';
import type { CloneVoice } from '../api/types';
import { ActivateCloneDialog, DeleteCloneDialog } from '../components/clone-confirm-dialogs';
import { CloneFilters } from '../components/clone-filters';
import { CloneStats } from '../components/clone-stats';
import { ClonesTable } from '../components/clones-table';
import { DraftBanner } from '../components/draft-banner';
import { EditCloneDialog } from '../components/edit-clone-dialog';
import { StuckTrainingsCard } from '../components/stuck-trainings-card';
import { useCloneActions } from '../hooks/use-clone-actions';
import { clearDraft, loadDraft } from '../utils/voice-clone-draft';

/**
 * /dashboard/voice-cloning: an unfinished wizard draft, trainings that take too long, the
 * four cards, and the clones with search, status filter and their actions.
 */
export function ClonesPage() {
  const navigate = useNavigate();
  const me = useMe();
  const userId = me.data?.id ?? null;
  const [draftVersion, setDraftVersion] = useState(0);
  const draft = userId && draftVersion >= 0 ? loadDraft(userId) : null;
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const debounced = useDebouncedValue(search.trim(), 300);
  const clones = useClones({ search: debounced, status });
  const actions = useCloneActions();
  const [editing, setEditing] = useState<CloneVoice | null>(null);
  const [deleting, setDeleting] = useState<CloneVoice | null>(null);
  const [listening, setListening] = useState<CloneVoice | null>(null);
  const [activating, setActivating] = useState<CloneVoice | null>(null);
  const voices = clones.data?.voices ?? [];
  // A finished training takes the first monthly fee: the balance in the top bar follows.
  const queryClient = useQueryClient();
  const ready = voices.filter((v) => v.own && v.status === 'completed').length;
  useEffect(() => {
    if (ready > 0) void queryClient.invalidateQueries({ queryKey: authKeys.me() });
  }, [ready, queryClient]);
  const filtered = debounced !== '' || status !== 'all';

  return (
    <>
      <PageHeader
        title="Stimmen Klonen"
        description="Ihre geklonten Stimmen: trainieren, verwalten und in der Sprachausgabe nutzen. 1 € pro Monat und aktiver Stimme."
        actions={
          <ButtonLink to={paths.voiceCloningNew} data-testid="new-clone">
            <Plus aria-hidden="true" /> Neue Stimme klonen
          </ButtonLink>
        }
      />
      <div className="flex flex-col gap-6">
        {draft && (
          <DraftBanner
            draft={draft}
            busy={false}
            onResume={() => navigate(paths.voiceCloningResume)}
            onDiscard={() => {
              if (userId) void clearDraft(userId).then(() => setDraftVersion((v) => v + 1));
            }}
          />
        )}
        <StuckTrainingsCard />
        <CloneStats stats={clones.data?.stats} />
        <section aria-labelledby="clones-title" className="flex flex-col gap-4">
          <h2 id="clones-title" className="text-lg font-semibold tracking-tight">
            Ihre Stimmen
          </h2>
          <CloneFilters search={search} onSearch={setSearch} status={status} onStatus={setStatus} />
          {clones.isPending && <LoadingSkeleton label="Stimmen werden geladen…" />}
          {clones.isError && <LoadErrorAlert title="Stimmen konnten nicht geladen werden" error={clones.error} onRetry={() => void clones.refetch()} />}
          {clones.isSuccess && voices.length === 0 && (
            <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border p-8 text-center" data-testid="clones-empty">
              <Mic2 className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="text-sm text-muted-foreground">
                {filtered ? 'Keine Stimmen für diese Filter gefunden.' : 'Sie haben noch keine Stimme geklont.'}
              </p>
              {!filtered && (
                <ButtonLink to={paths.voiceCloningNew} variant="outline">
                  <Plus aria-hidden="true" /> Neue Stimme klonen
                </ButtonLink>
              )}
            </div>
          )}
          {voices.length > 0 && (
            <ClonesTable
              voices={voices}
              actions={actions}
              onEdit={setEditing}
              onDelete={setDeleting}
              onRecordings={setListening}
              onActivate={setActivating}
            />
          )}
        </section>
      </div>
      {editing && <EditCloneDialog voice={editing} onClose={() => setEditing(null)} />}
      <DeleteCloneDialog voice={deleting} actions={actions} onClose={() => setDeleting(null)} />
      <ActivateCloneDialog voice={activating} actions={actions} onClose={() => setActivating(null)} />
      <SamplesPlaylistDialog voiceId={listening?.id ?? null} voiceName={listening?.name ?? ''} onClose={() => setListening(null)} />
    </>
  );
}
