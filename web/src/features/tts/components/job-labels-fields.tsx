import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { categoryTree, useCategoryList } from '@/lib/library';
import type { TtsFormState } from '../hooks/use-tts-form';

const NO_CATEGORY = 'none';

/**
 * Optional category and tags of a new audio (filed in the knowledge base right away). The
 * categories are the knowledge base's own list (one query), so one made there shows here.
 */
export function JobLabelsFields({ tts }: { tts: TtsFormState }) {
  const ids = { category: useId(), tags: useId() };
  const categories = useCategoryList();
  const options = [
    { value: NO_CATEGORY, label: 'Keine Kategorie' },
    ...categoryTree(categories.data ?? []).map((c) => ({ value: c.id, label: `${'– '.repeat(c.depth)}${c.name}` })),
  ];
  return (
    // Side by side only where the card has room for both (not in the narrow column at 1024 px).
    <div className="grid grid-cols-[repeat(auto-fit,minmax(16rem,1fr))] gap-3">
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.category}>Kategorie (optional)</Label>
        <Controller
          control={tts.form.control}
          name="category_id"
          render={({ field }) => (
            <Select
              id={ids.category}
              value={field.value || NO_CATEGORY}
              onValueChange={(v) => field.onChange(v === NO_CATEGORY ? '' : v)}
              options={options}
              data-testid="tts-category"
            />
          )}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.tags}>Tags (optional, durch Kommas getrennt)</Label>
        <Input id={ids.tags} placeholder="z. B. projekt, kunde" data-testid="tts-tags" {...tts.form.register('tags')} />
      </div>
    </div>
  );
}
