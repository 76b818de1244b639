import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import type { VoiceCloneDraft } from '../utils/voice-clone-draft';

/** "Entwurf gefunden": continue the saved wizard or throw it away. */
export function DraftBanner({
  draft,
  onResume,
  onDiscard,
  busy,
}: {
  draft: VoiceCloneDraft;
  onResume: () => void;
  onDiscard: () => void;
  busy: boolean;
}) {
  return (
    <section
      aria-labelledby="draft-banner-title"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-primary/20 bg-primary-soft px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="draft-banner"
    >
      <div className="text-sm text-accent-foreground">
        <h2 id="draft-banner-title" className="font-semibold">
          Entwurf gefunden
        </h2>
        <p>
          {draft.name.trim() ? `„${draft.name.trim()}“, ` : ''}Schritt {draft.step} von 7
          {draft.lastSaved ? `, zuletzt gespeichert am ${formatDateTime(draft.lastSaved)}` : ''}.
        </p>
      </div>
      <div className="flex gap-2">
        <Button size="sm" onClick={onResume} loading={busy} data-testid="draft-resume">
          Fortsetzen
        </Button>
        <Button size="sm" variant="outline" onClick={onDiscard} disabled={busy} data-testid="draft-discard">
          Verwerfen
        </Button>
      </div>
    </section>
  );
}
