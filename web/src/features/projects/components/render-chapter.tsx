import { AudioLines } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { useMe } from '@/lib/auth';
import { toastGenerationFailure } from '@/lib/failure-toast';
import { formatEuroFromCents } from '@/lib/format';
import { useRenderChapter } from '../api/render-chapter';
import type { ChapterDetail } from '../api/types';
import { paragraphProgress } from '../utils/project-rules';

/** One toast for the last render: a new attempt replaces it. */
const RENDER_TOAST = 'chapter-render';

export function isChapterRendering(chapter: ChapterDetail): boolean {
  return chapter.state === 'rendering' || chapter.paragraphs.some((p) => p.state === 'rendering');
}

/**
 * "Kapitel vertonen (1,20 €)": renders the chapter's stale paragraphs after a confirmation
 * of what is charged. While it renders it shows how far it is; when nothing is left it
 * says "Alles vertont".
 */
export function RenderChapter({ projectId, chapter }: { projectId: string; chapter: ChapterDetail }) {
  const [confirming, setConfirming] = useState(false);
  const render = useRenderChapter({
    mutationConfig: {
      onSuccess: ({ charged_cent }) => {
        setConfirming(false);
        toast.success('Kapitel wird vertont', {
          id: RENDER_TOAST,
          description: charged_cent > 0 ? `${formatEuroFromCents(charged_cent)} wurden von Ihrem Guthaben abgebucht.` : 'Es war nichts neu zu berechnen.',
        });
      },
      onError: (error) => {
        setConfirming(false);
        // 402 keeps the server's "Unzureichendes Guthaben" with its reason.
        toastGenerationFailure({ id: RENDER_TOAST, title: 'Vertonung fehlgeschlagen', error });
      },
    },
  });
  const start = () => render.mutate({ projectId, chapterId: chapter.id });

  if (isChapterRendering(chapter)) return <RenderProgress chapter={chapter} />;
  if (chapter.state === 'done' && chapter.stale_cost_cent === 0) {
    return (
      <Button disabled data-testid="chapter-render">
        Alles vertont
      </Button>
    );
  }
  const price = formatEuroFromCents(chapter.stale_cost_cent);
  return (
    <>
      <Button
        // Nothing to charge (e.g. only failed paragraphs the server retries for free): no question to ask.
        onClick={() => (chapter.stale_cost_cent > 0 ? setConfirming(true) : start())}
        loading={render.isPending && !confirming}
        data-testid="chapter-render"
      >
        {!(render.isPending && !confirming) && <AudioLines aria-hidden="true" />}
        Kapitel vertonen ({price})
      </Button>
      <RenderConfirm open={confirming} onOpenChange={setConfirming} price={price} pending={render.isPending} onConfirm={start} />
    </>
  );
}

type RenderConfirmProps = { open: boolean; onOpenChange: (open: boolean) => void; price: string; pending: boolean; onConfirm: () => void };

function RenderConfirm({ open, onOpenChange, price, pending, onConfirm }: RenderConfirmProps) {
  const { data: me } = useMe();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Kapitel vertonen?"
      description={
        <>
          <span className="block">{price} werden von Ihrem Guthaben abgebucht.</span>
          {me && <span className="mt-1 block">Ihr Guthaben: {formatEuroFromCents(me.balance_cent)}</span>}
        </>
      }
      confirmLabel={`Für ${price} vertonen`}
      loading={pending}
      onConfirm={onConfirm}
      confirmTestId="chapter-render-confirm"
    />
  );
}

/**
 * "5 von 12 Absätzen fertig" with a bar, instead of the button, while the chapter renders.
 * Counted over the whole chapter (the server's totals), not only its loaded paragraphs.
 */
function RenderProgress({ chapter }: { chapter: ChapterDetail }) {
  const done = chapter.done_paragraphs;
  const total = chapter.paragraph_count;
  const text = paragraphProgress(done, total);
  return (
    <div className="flex w-full flex-col gap-2 sm:w-72">
      <Button disabled loading data-testid="chapter-render">
        {text}
      </Button>
      <Progress value={done} max={Math.max(1, total)} label="Fortschritt der Vertonung" valueText={text} data-testid="chapter-render-progress" />
    </div>
  );
}
