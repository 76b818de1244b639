import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useCategories } from '../api/get-categories';
import type { TtsFormState } from '../hooks/use-tts-form';

const NO_CATEGORY = 'none';

/** Optional category and tags of a new audio (filed in the knowledge base right away). */
export function JobLabelsFields({ tts }: { tts: TtsFormState }) {
  const ids = { category: useId(), tags: useId() };
  const categories = useCategories();
  const options = [
    { value: NO_CATEGORY, label: 'Keine Kategorie' },
    ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
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
