import { categoryTree, useCategoryList, useLibraryMutation } from '@/lib/library';
import type { ApiCategoryDeleted } from '@/lib/api-types';
import { labelActions } from '../api/label-actions';
import { LabelManager } from './label-manager';

/** The category manager: the tree with its audio counts, create (top level), rename, delete. */
export function CategoryManager() {
  const categories = useCategoryList();
  const all = categories.data ?? [];
  const create = useLibraryMutation(labelActions.createCategory);
  const rename = useLibraryMutation(labelActions.renameCategory);
  const remove = useLibraryMutation(labelActions.deleteCategory);
  const children = (id: string) => all.filter((c) => c.parent_id === id).length;
  return (
    <LabelManager<ApiCategoryDeleted>
      kind="category"
      items={categoryTree(all)}
      loading={categories.isPending}
      create={create}
      rename={rename}
      remove={remove}
      deleteDescription={(c) => {
        const n = children(c.id);
        const audios = `Die ${c.audio_count} zugeordneten Audios bleiben erhalten, nur die Zuordnung entfällt.`;
        return n === 0 ? audios : `${audios} Die ${n} Unterkategorie(n) rücken eine Ebene nach oben.`;
      }}
      deletedMessage={(c, result) =>
        result.moved_children > 0 ? `„${c.name}“ gelöscht, ${result.moved_children} Unterkategorie(n) eine Ebene nach oben verschoben.` : `„${c.name}“ gelöscht.`
      }
    />
  );
}
