import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import type { Category } from '@/lib/library';
import { labelActions } from '../api/label-actions';
import { useLibraryMutation } from '@/lib/library';
import { subcategorySuggestions } from '../utils/subcategory-suggestions';

/** One-click sub-categories for the spec's category keys (podcast → Intro, Outro, ...). */
export function SubcategorySuggestions({ category, siblings }: { category: Category; siblings: string[] }) {
  const create = useLibraryMutation(labelActions.createCategory);
  const suggestions = subcategorySuggestions(category.name, siblings);
  if (suggestions.length === 0 || !category.editable) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="subcategory-suggestions">
      <span className="text-sm text-muted-foreground">Unterkategorie anlegen:</span>
      {suggestions.map((s) => (
        <Button
          key={s.name}
          size="sm"
          variant="outline"
          disabled={s.taken || create.isPending}
          onClick={() =>
            create.mutate(
              { name: s.name, parent_id: category.id },
              {
                onSuccess: () => toast.success('Unterkategorie angelegt', { description: `${category.name} › ${s.name}` }),
                onError: (e) => toast.error('Fehler', { id: 'subcategory-create', description: errorMessage(e, 'Kategorie konnte nicht erstellt werden.') }),
              },
            )
          }
        >
          <Plus aria-hidden="true" /> {s.name}
        </Button>
      ))}
    </div>
  );
}
