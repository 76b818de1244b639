import { useState } from 'react';
import { toast } from 'sonner';
import { useReauthPrompt, type ReauthPrompt } from '@/components/reauth/reauth-dialog';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/lib/auth';
import { errorMessage, serverMessage } from '@/lib/errors';
import { isReauthRequired } from '@/lib/reauth';
import { LabelNameForm, type LabelKind, type LabelNameValues } from './label-name-form';
import { LabelRow, type ManagedLabel } from './label-row';

type Mutation<V, R = unknown> = {
  mutate: (vars: V, options: { onSuccess: (result: R) => void; onError?: (error: Error) => void }) => void;
  isPending: boolean;
  error: Error | null;
  reset: () => void;
};

/**
 * A change of a global category or tag answers `reauth_required` until the admin
 * re-entered the password (valid 10 minutes): ask for it, then send the same change
 * again. That answer is never shown as the form's error.
 */
function withReauth<V, R>(mutation: Mutation<V, R>, reauth: ReauthPrompt): Mutation<V, R> {
  return {
    isPending: mutation.isPending,
    error: isReauthRequired(mutation.error) ? null : mutation.error,
    reset: mutation.reset,
    mutate: (vars, options) => {
      const send = () =>
        mutation.mutate(vars, {
          ...options,
          onError: (error) => {
            if (!reauth.ask(error, send)) options.onError?.(error);
          },
        });
      send();
    },
  };
}

const NOUN: Record<LabelKind, { one: string; created: string; none: string }> = {
  category: { one: 'Kategorie', created: 'Kategorie angelegt', none: 'Noch keine Kategorien.' },
  tag: { one: 'Tag', created: 'Tag angelegt', none: 'Noch keine Tags.' },
};

/** Create, rename and delete categories or tags. Only admins see "Global"; the server checks it too. */
export function LabelManager<R>({
  kind,
  items,
  loading,
  create: sendCreate,
  rename: sendRename,
  remove: sendRemove,
  deleteDescription,
  deletedMessage,
}: {
  kind: LabelKind;
  items: ManagedLabel[];
  loading: boolean;
  create: Mutation<LabelNameValues>;
  rename: Mutation<{ id: string; name: string }>;
  remove: Mutation<string, R>;
  deleteDescription: (label: ManagedLabel) => string;
  deletedMessage: (label: ManagedLabel, result: R) => string;
}) {
  const isAdmin = useMe().data?.role === 'admin';
  const reauth = useReauthPrompt();
  const create = withReauth(sendCreate, reauth);
  const rename = withReauth(sendRename, reauth);
  const remove = withReauth(sendRemove, reauth);
  const [doomed, setDoomed] = useState<ManagedLabel | null>(null);
  const noun = NOUN[kind];
  const failed = (error: Error) =>
    toast.error('Fehler', { id: `label-delete-${noun.one}`, description: errorMessage(error, `${noun.one} konnte nicht gelöscht werden.`) });
  return (
    <div className="flex flex-col gap-4">
      <LabelNameForm
        kind={kind}
        allowGlobal={isAdmin}
        submitLabel="Anlegen"
        pending={create.isPending}
        serverError={serverMessage(create.error)}
        onSubmit={(values, reset) => create.mutate(values, { onSuccess: () => (reset(), toast.success(noun.created, { description: values.name })) })}
        testId={`${kind}-create`}
      />
      {loading ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{noun.none}</p>
      ) : (
        <ul className="max-h-80 divide-y divide-border overflow-y-auto rounded-lg border border-border" aria-label={`${noun.one}-Liste`}>
          {items.map((label) => (
            <LabelRow key={label.id} kind={kind} label={label} rename={rename} onDelete={setDoomed} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => !open && setDoomed(null)}
        title={`${noun.one} „${doomed?.name ?? ''}“ löschen?`}
        description={doomed ? deleteDescription(doomed) : ''}
        confirmLabel="Löschen"
        destructive
        loading={remove.isPending}
        onConfirm={() =>
          doomed &&
          remove.mutate(doomed.id, {
            onSuccess: (result) => (toast.success(deletedMessage(doomed, result)), setDoomed(null)),
            onError: failed,
          })
        }
      />
      {reauth.dialog}
    </div>
  );
}
