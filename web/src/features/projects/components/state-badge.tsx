import { Badge } from '@/components/ui/badge';
import type { ParagraphState } from '../api/types';
import { CHANGED_LABEL, STATE_LABELS, STATE_VARIANTS } from '../utils/project-rules';

/**
 * A paragraph's or chapter's state in words and colour. `changed`: a stale paragraph that
 * was rendered before ("Veraltet", its audio is out of date), not one never rendered.
 */
export function StateBadge({ state, of, changed = false }: { state: ParagraphState; of: 'paragraph' | 'chapter'; changed?: boolean }) {
  const label = state === 'stale' && changed ? CHANGED_LABEL : STATE_LABELS[state];
  return (
    <Badge variant={STATE_VARIANTS[state] ?? 'neutral'} data-testid={`${of}-state`}>
      {label ?? state}
    </Badge>
  );
}
