import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import { useVoiceList } from '@/lib/voices';
import type { ApiVoiceList } from '@/lib/api-types';
import { useNewProjectForm } from '../hooks/use-new-project-form';
import { ManuscriptFields } from './manuscript-fields';
import { ProjectVoiceField } from './project-voice-field';

/** "Neues Projekt": the button and its dialog. */
export function NewProjectButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="project-new">
        <Plus aria-hidden="true" />
        Neues Projekt
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Neues Projekt"
        description="Fügen Sie Ihr Manuskript ein oder laden Sie es hoch. Stimmwerk teilt es in Kapitel und Absätze; vertont und berechnet wird erst, wenn Sie ein Kapitel vertonen."
        className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto"
      >
        {/* Mounted on each opening: a new project starts from an empty form. */}
        {open && <NewProjectContent onClose={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function NewProjectContent({ onClose }: { onClose: () => void }) {
  const voices = useVoiceList();
  if (voices.isPending) return <LoadingSkeleton label="Stimmen werden geladen…" rows={2} />;
  if (voices.isError) return <LoadErrorAlert title="Stimmen konnten nicht geladen werden" error={voices.error} onRetry={() => void voices.refetch()} />;
  return <NewProjectForm catalogue={voices.data} onClose={onClose} />;
}

function NewProjectForm({ catalogue, onClose }: { catalogue: ApiVoiceList; onClose: () => void }) {
  const { form, voice, pending, submit } = useNewProjectForm({ catalogue, onCreated: onClose });
  const { errors } = form.formState;
  return (
    <form noValidate aria-label="Neues Projekt" onSubmit={submit} className="flex flex-col gap-5">
      <FormField label="Titel" error={errors.title?.message} hint="Beim Hochladen optional.">
        <Input autoComplete="off" {...form.register('title')} data-testid="project-title-input" />
      </FormField>
      <ManuscriptFields form={form} />
      <ProjectVoiceField
        languages={catalogue.languages}
        providers={catalogue.providers}
        language={voice.language}
        onLanguageChange={voice.setLanguage}
        voices={voice.voices}
        value={voice.voiceId}
        onChange={voice.setVoice}
        error={errors.voice_id?.message}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={pending}>
          Abbrechen
        </Button>
        <Button type="submit" loading={pending} data-testid="project-create-submit">
          Projekt anlegen
        </Button>
      </div>
    </form>
  );
}
