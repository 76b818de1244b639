import { FolderTree } from 'lucide-react';
import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { categoryTree, useCategoryList } from '@/lib/library';
import { LibraryList } from './library-list';
import { SubcategorySuggestions } from './subcategory-suggestions';

/** "Kategorien": the category tree on the left, the audios of the chosen one (with its sub-categories) on the right. */
export function CategoriesTab() {
  const categories = useCategoryList();
  const tree = categoryTree(categories.data ?? []);
  const [chosen, setChosen] = useState<string | null>(null);
  const current = tree.find((c) => c.id === chosen) ?? null;
  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
      <Card className="self-start">
        <CardHeader className="flex-row items-center justify-between gap-2">
          <CardTitle>Kategorien</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {categories.isPending ? (
            <Spinner />
          ) : categories.isError ? (
            <LoadErrorAlert title="Kategorien konnten nicht geladen werden" error={categories.error} onRetry={() => void categories.refetch()} />
          ) : tree.length === 0 ? (
            <p className="text-sm text-muted-foreground">Noch keine Kategorien. Legen Sie welche über „Knowledge Base Einstellungen“ an.</p>
          ) : (
            <nav aria-label="Kategorienbaum">
              <ul className="flex flex-col gap-0.5" data-testid="category-tree">
                {tree.map((c) => (
                  <li key={c.id}>
                    <button
                      type="button"
                      aria-current={c.id === chosen ? 'true' : undefined}
                      onClick={() => setChosen(c.id)}
                      className={cn(
                        'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-muted',
                        c.id === chosen && 'bg-primary-soft font-medium text-primary',
                      )}
                      style={{ paddingLeft: `${0.5 + c.depth * 1.25}rem` }}
                      data-testid="category-node"
                    >
                      <FolderTree className="size-4 shrink-0" aria-hidden="true" />
                      <span className="min-w-0 flex-1 truncate">{c.name}</span>
                      <span className="text-xs tabular-nums text-muted-foreground">{c.audio_count}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </CardContent>
      </Card>
      <div className="flex min-w-0 flex-col gap-4">
        {current ? (
          <>
            <SubcategorySuggestions category={current} siblings={tree.filter((c) => c.parent_id === current.id).map((c) => c.name)} />
            <LibraryList key={current.id} filters={{ category: current.id }} title={current.name} emptyText="Keine Audios in dieser Kategorie." />
          </>
        ) : (
          <Card>
            <CardContent className="py-10 text-center text-sm text-muted-foreground">Wählen Sie links eine Kategorie, um ihre Audios zu sehen.</CardContent>
          </Card>
        )}
      </div>
    </div>
  );
}
