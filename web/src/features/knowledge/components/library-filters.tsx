import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { categoryTree, SOURCE_LABELS, useCategoryList, useTagList } from '@/lib/library';

export const ALL = 'all';

export type KnowledgeFilterState = {
  q: string;
  speaker: string;
  category: string;
  tag: string;
  source: string;
  trash: 'active' | 'deleted' | 'all';
};

export const INITIAL_FILTERS: KnowledgeFilterState = { q: '', speaker: '', category: ALL, tag: ALL, source: ALL, trash: 'active' };

/** Text, speaker, category, tag, source and status filters of the knowledge base. */
export function LibraryFilters({ value, onChange }: { value: KnowledgeFilterState; onChange: (next: KnowledgeFilterState) => void }) {
  const id = useId();
  const categories = useCategoryList();
  const tags = useTagList();
  const set = <K extends keyof KnowledgeFilterState>(key: K, v: KnowledgeFilterState[K]) => onChange({ ...value, [key]: v });
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="kb-filters">
      <Field label="Text durchsuchen" htmlFor={`${id}-q`}>
        <Input id={`${id}-q`} type="search" value={value.q} placeholder="Im Text suchen…" onChange={(e) => set('q', e.target.value)} />
      </Field>
      <Field label="Sprecher" htmlFor={`${id}-speaker`}>
        <Input id={`${id}-speaker`} type="search" value={value.speaker} placeholder="Sprecher suchen…" onChange={(e) => set('speaker', e.target.value)} />
      </Field>
      <Field label="Kategorie" htmlFor={`${id}-category`}>
        <Select
          id={`${id}-category`}
          value={value.category}
          onValueChange={(v) => set('category', v)}
          options={[
            { value: ALL, label: 'Alle Kategorien' },
            ...categoryTree(categories.data ?? []).map((c) => ({ value: c.id, label: `${'– '.repeat(c.depth)}${c.name}` })),
          ]}
        />
      </Field>
      <Field label="Tag" htmlFor={`${id}-tag`}>
        <Select
          id={`${id}-tag`}
          value={value.tag}
          onValueChange={(v) => set('tag', v)}
          options={[{ value: ALL, label: 'Alle Tags' }, ...(tags.data ?? []).map((t) => ({ value: t.id, label: t.name }))]}
        />
      </Field>
      <Field label="Quelle" htmlFor={`${id}-source`}>
        <Select
          id={`${id}-source`}
          value={value.source}
          onValueChange={(v) => set('source', v)}
          options={[
            { value: ALL, label: 'Alle' },
            ...Object.entries(SOURCE_LABELS).map(([value, label]) => ({ value, label })),
          ]}
        />
      </Field>
      <Field label="Status" htmlFor={`${id}-trash`}>
        <Select
          id={`${id}-trash`}
          value={value.trash}
          onValueChange={(v) => set('trash', v as KnowledgeFilterState['trash'])}
          options={[
            { value: 'active', label: 'Aktive Audios' },
            { value: 'deleted', label: 'Gelöschte Audios' },
            { value: 'all', label: 'Alle' },
          ]}
        />
      </Field>
    </div>
  );
}

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}
