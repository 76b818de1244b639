import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/errors';
import { categoryTree, useCategoryList, libraryActions, useLibraryMutation } from '@/lib/library';

/** The spec's words when the server refused (its reason goes below). */
export const ASSIGN_FAILED_TITLE = 'Kategorien konnten nicht zugeordnet werden.';
export const CREATE_OR_ASSIGN_FAILED_TITLE = 'Kategorie konnte nicht erstellt oder zugeordnet werden.';
export const CATEGORY_REQUIRED_TITLE = 'Kategorie erforderlich';
export const CATEGORY_NAME_MESSAGE = 'Bitte geben Sie einen Kategorienamen ein.';
export const CATEGORY_CHOOSE_MESSAGE = 'Bitte wählen Sie eine Kategorie aus.';

const NONE = 'none';

export const assignCategorySchema = z
  .object({ mode: z.enum(['existing', 'new']), category_id: z.string(), name: z.string() })
  .superRefine((v, ctx) => {
    if (v.mode === 'new' && v.name.trim() === '') ctx.addIssue({ code: 'custom', path: ['name'], message: CATEGORY_NAME_MESSAGE });
    if (v.mode === 'existing' && (v.category_id === '' || v.category_id === NONE))
      ctx.addIssue({ code: 'custom', path: ['category_id'], message: CATEGORY_CHOOSE_MESSAGE });
  });

type Values = z.infer<typeof assignCategorySchema>;

/** "Kategorie zuweisen" for the selected audios: an existing category or a new one. */
export function AssignCategoryDialog({ ids, open, onOpenChange, onDone }: { ids: string[]; open: boolean; onOpenChange: (open: boolean) => void; onDone: () => void }) {
  const id = useId();
  const categories = useCategoryList();
  const form = useForm<Values>({ resolver: zodResolver(assignCategorySchema), defaultValues: { mode: 'existing', category_id: NONE, name: '' } });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const assign = useLibraryMutation(libraryActions.assignCategory);
  const error = form.formState.errors.name?.message ?? form.formState.errors.category_id?.message;
  const close = () => {
    form.reset();
    assign.reset();
    onOpenChange(false);
  };
  const submit = form.handleSubmit((v) =>
    assign.mutate(v.mode === 'new' ? { ids, new_category: { name: v.name.trim() } } : { ids, category_id: v.category_id }, {
      onSuccess: () => {
        toast.success('Kategorie zugewiesen', { description: `${ids.length} Audio(s) aktualisiert.` });
        close();
        onDone();
      },
    }),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title="Kategorie zuweisen"
      description={`${ids.length} ausgewählte Audio(s) einer Kategorie zuordnen.`}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Kategorie zuweisen">
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">Art der Kategorie</legend>
          <label className="inline-flex items-center gap-2">
            <input type="radio" value="existing" {...form.register('mode')} /> Bestehende Kategorie
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" value="new" {...form.register('mode')} /> Neue Kategorie
          </label>
        </fieldset>
        {mode === 'existing' ? (
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-cat`}>Kategorie</Label>
            <Controller
              control={form.control}
              name="category_id"
              render={({ field }) => (
                <Select
                  id={`${id}-cat`}
                  value={field.value}
                  onValueChange={field.onChange}
                  options={[
                    { value: NONE, label: 'Kategorie wählen…' },
                    ...categoryTree(categories.data ?? []).map((c) => ({ value: c.id, label: `${'– '.repeat(c.depth)}${c.name}` })),
                  ]}
                />
              )}
            />
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-name`}>Name der neuen Kategorie</Label>
            <Input id={`${id}-name`} {...form.register('name')} data-testid="kb-new-category" />
          </div>
        )}
        {error && (
          <Alert variant="error" title={CATEGORY_REQUIRED_TITLE}>
            {error}
          </Alert>
        )}
        {assign.isError && (
          <Alert variant="error" title={mode === 'new' ? CREATE_OR_ASSIGN_FAILED_TITLE : ASSIGN_FAILED_TITLE}>
            {errorMessage(assign.error)}
          </Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={close}>
            Abbrechen
          </Button>
          <Button type="submit" loading={assign.isPending} data-testid="kb-assign-category-submit">
            Zuweisen
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
