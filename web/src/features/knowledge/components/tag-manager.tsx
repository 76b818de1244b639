import { useTagList, useLibraryMutation } from '@/lib/library';
import { labelActions } from '../api/label-actions';
import { LabelManager } from './label-manager';

/** The tag manager: tags with their audio counts, create, rename, delete. */
export function TagManager() {
  const tags = useTagList();
  const create = useLibraryMutation(labelActions.createTag);
  const rename = useLibraryMutation(labelActions.renameTag);
  const remove = useLibraryMutation(labelActions.deleteTag);
  const items = [...(tags.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'de'));
  return (
    <LabelManager
      kind="tag"
      items={items}
      loading={tags.isPending}
      create={create}
      rename={rename}
      remove={remove}
      deleteDescription={(t) => `Der Tag wird von ${t.audio_count} Audio(s) entfernt; die Audios bleiben erhalten.`}
      deletedMessage={(t) => `Tag „${t.name}“ gelöscht.`}
    />
  );
}
