import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/errors';
import { splitTagInput, libraryActions, useLibraryMutation } from '@/lib/library';

/** The spec's words when the server refused (its reason goes below). */
export const TAGS_FAILED_TITLE = 'Tags konnten nicht hinzugefügt werden.';
export const TAGS_REQUIRED_TITLE = 'Tags erforderlich';
export const TAGS_REQUIRED_MESSAGE = 'Bitte geben Sie mindestens einen Tag ein.';
export const TAG_SUGGESTIONS = ['wichtig', 'projekt', 'kunde', 'demo', 'test', 'backup', 'final', 'entwurf'];

const schema = z.object({
  tags: z.string().refine((v) => splitTagInput(v).length > 0, TAGS_REQUIRED_MESSAGE),
});

/** "Tags hinzufügen" for the selected audios: comma-separated, with quick-add suggestions. */
export function AddTagsDialog({ ids, open, onOpenChange, onDone }: { ids: string[]; open: boolean; onOpenChange: (open: boolean) => void; onDone: () => void }) {
  const id = useId();
  const form = useForm<{ tags: string }>({ resolver: zodResolver(schema), defaultValues: { tags: '' } });
  const value = useWatch({ control: form.control, name: 'tags' }) ?? '';
  const present = new Set(splitTagInput(value).map((t) => t.toLowerCase()));
  const add = useLibraryMutation(libraryActions.addTags);
  const close = () => {
    form.reset();
    add.reset();
    onOpenChange(false);
  };
  const submit = form.handleSubmit((v) =>
    add.mutate(
      { ids, tags: splitTagInput(v.tags) },
      {
        onSuccess: () => {
          toast.success('Tags hinzugefügt', { description: `${ids.length} Audio(s) aktualisiert.` });
          close();
          onDone();
        },
      },
    ),
  );
  const quickAdd = (tag: string) => {
    const list = splitTagInput(value);
    form.setValue('tags', [...list, tag].join(', '), { shouldValidate: form.formState.isSubmitted });
  };
  const error = form.formState.errors.tags?.message;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title="Tags hinzufügen"
      description={`Tags für ${ids.length} ausgewählte Audio(s), durch Kommas getrennt.`}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Tags hinzufügen">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-tags`}>Tags</Label>
          <Input id={`${id}-tags`} placeholder="z. B. projekt, kunde" {...form.register('tags')} data-testid="kb-tags-input" />
        </div>
        <div className="flex flex-wrap gap-1.5" role="group" aria-label="Vorschläge">
          {TAG_SUGGESTIONS.map((tag) => (
            <Button key={tag} type="button" size="sm" variant="outline" disabled={present.has(tag)} onClick={() => quickAdd(tag)}>
              + {tag}
            </Button>
          ))}
        </div>
        {error && (
          <Alert variant="error" title={TAGS_REQUIRED_TITLE}>
            {error}
          </Alert>
        )}
        {add.isError && (
          <Alert variant="error" title={TAGS_FAILED_TITLE}>
            {errorMessage(add.error)}
          </Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={close}>
            Abbrechen
          </Button>
          <Button type="submit" loading={add.isPending} data-testid="kb-add-tags-submit">
            Hinzufügen
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
