import { Badge } from '@/components/ui/badge';
import type { ParagraphState } from '../api/types';
import { CHAPTER_STATE_LABELS, PARAGRAPH_STATE_LABELS, STATE_VARIANTS } from '../utils/project-rules';

/** A paragraph's or chapter's state in words and colour. */
export function StateBadge({ state, of }: { state: ParagraphState; of: 'paragraph' | 'chapter' }) {
  const labels = of === 'chapter' ? CHAPTER_STATE_LABELS : PARAGRAPH_STATE_LABELS;
  return (
    <Badge variant={STATE_VARIANTS[state] ?? 'neutral'} data-testid={`${of}-state`}>
      {labels[state] ?? state}
    </Badge>
  );
}
