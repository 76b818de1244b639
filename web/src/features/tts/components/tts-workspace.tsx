import { useState } from 'react';
import { VoiceSelectionPanel } from '@/components/ui/voice-selection-panel';
import { paths } from '@/config/paths';
import type { Limits } from '@/lib/limits';
import type { VoicesResponse } from '../api/types';
import { useTtsForm } from '../hooks/use-tts-form';
import { BalanceCard } from './balance-card';
import { JobList } from './job-list';
import { TtsTextForm } from './tts-text-form';

/**
 * Layout of the generation screen. Narrow: text, balance and voices, jobs (one column: a
 * voice is preselected, so the text comes first on a phone).
 * From 1024 px: text and jobs on the left, balance and voices on the right, so the submit
 * button and the newest job stay in view on a laptop screen.
 */
export function TtsWorkspace({
  catalogue,
  limits,
  balanceCent,
  isAdmin,
}: {
  catalogue: VoicesResponse;
  limits: Limits;
  balanceCent: number;
  isAdmin: boolean;
}) {
  const [newJobId, setNewJobId] = useState<string | null>(null);
  const tts = useTtsForm({ catalogue, limits, balanceCent, onCreated: (job) => setNewJobId(job.id) });
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr] xl:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="order-2 flex min-w-0 flex-col gap-6 lg:order-none lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <BalanceCard balanceCent={balanceCent} charsPerCent={limits.chars_per_cent} />
        <VoiceSelectionPanel
          selection={tts.selection}
          description="Sprache, Anbieter und Sprecher für Ihr Audio."
          settingsHref={isAdmin ? paths.admin.apiSettings : undefined}
        />
      </div>
      <div className="order-1 min-w-0 lg:order-none lg:col-start-1 lg:row-start-1">
        <TtsTextForm tts={tts} limits={limits} balanceCent={balanceCent} />
      </div>
      <div className="order-3 min-w-0 lg:order-none lg:col-start-1 lg:row-start-2">
        <JobList focusJobId={newJobId} />
      </div>
    </div>
  );
}
