import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { projectPath } from '@/config/paths';
import { toastError } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form';
import { formatNumber } from '@/lib/format';
import { textLength } from '@/lib/limits';
import { defaultLanguage, type Voice, type Language } from '@/lib/voices';
import { useCreateProject } from '../api/create-project';
import { useImportProject } from '../api/import-project';
import type { ProjectDetail } from '../api/types';
import { IMPORT_MAX_BYTES, isImportableFile, PROJECT_TEXT_MAX_CHARS } from '../utils/project-rules';

export type ManuscriptSource = 'text' | 'file';

export const NO_TITLE_MESSAGE = 'Bitte geben Sie einen Titel ein.';
export const NO_TEXT_MESSAGE = 'Bitte fügen Sie Ihr Manuskript ein.';
export const NO_FILE_MESSAGE = 'Bitte wählen Sie eine Datei.';
export const WRONG_FILE_MESSAGE = 'Bitte wählen Sie eine TXT-, Markdown-, DOCX-, EPUB- oder PDF-Datei.';
export const LARGE_FILE_MESSAGE = 'Die Datei ist größer als 20 MB.';
export const NO_VOICE_MESSAGE = 'Bitte wählen Sie eine Stimme aus.';

export function tooLongText(chars: number): string {
  return `Das Manuskript ist zu lang: höchstens ${formatNumber(PROJECT_TEXT_MAX_CHARS)} Zeichen, eingefügt sind ${formatNumber(chars)}.`;
}

/**
 * One schema for both sources: which fields are required depends on the chosen tab (a
 * pasted text needs a title; an upload may leave it to the file). Everything is checked in
 * one refinement, so all missing fields are named at once.
 */
export const newProjectSchema = z
  .object({
    source: z.enum(['text', 'file']),
    title: z.string().trim(),
    text: z.string(),
    file: z.custom<File | null>((value) => value === null || value instanceof File),
    voice_id: z.string(),
  })
  .superRefine((values, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!values.voice_id) issue('voice_id', NO_VOICE_MESSAGE);
    if (values.source === 'text') {
      if (!values.title) issue('title', NO_TITLE_MESSAGE);
      const chars = textLength(values.text);
      if (chars === 0) issue('text', NO_TEXT_MESSAGE);
      else if (chars > PROJECT_TEXT_MAX_CHARS) issue('text', tooLongText(chars));
      return;
    }
    if (!values.file) issue('file', NO_FILE_MESSAGE);
    else if (!isImportableFile(values.file)) issue('file', WRONG_FILE_MESSAGE);
    else if (values.file.size > IMPORT_MAX_BYTES) issue('file', LARGE_FILE_MESSAGE);
  });

export type NewProjectInput = z.input<typeof newProjectSchema>;
type NewProjectOutput = z.output<typeof newProjectSchema>;

/** Fields the server may name in a 422 (`fields`), shown under the matching control. */
const SERVER_FIELDS = ['title', 'text', 'file', 'voice_id'] as const;

type Catalogue = { languages: Language[]; voices: Voice[] };

/**
 * State of "Neues Projekt": the form, the voice, and the submit, which posts the text or
 * uploads the file and then opens the new project's editor. The narrator is always the
 * user's own choice: nothing is preselected (least of all the user's clone), and a voice
 * of another language is dropped when the language changes.
 */
export function useNewProjectForm({ catalogue, onCreated }: { catalogue: Catalogue; onCreated: () => void }) {
  const navigate = useNavigate();
  const form = useForm<NewProjectInput, unknown, NewProjectOutput>({
    resolver: zodResolver(newProjectSchema),
    defaultValues: { source: 'text', title: '', text: '', file: null, voice_id: '' },
  });
  const [chosenLanguage, setLanguage] = useState<string | null>(null);
  const language = chosenLanguage ?? defaultLanguage(catalogue.languages);
  const shown = useMemo(() => catalogue.voices.filter((v) => v.language === language), [catalogue.voices, language]);
  const chosenVoice = useWatch({ control: form.control, name: 'voice_id' });
  const voiceId = shown.some((v) => v.id === chosenVoice && v.available) ? chosenVoice : '';

  const created = (project: ProjectDetail) => {
    toast.success('Projekt angelegt', { id: 'project-create', description: `„${project.title}“ hat ${formatNumber(project.chapters.length)} Kapitel.` });
    onCreated();
    navigate(projectPath(project.id));
  };
  const failed = (error: unknown) => {
    if (applyServerFieldErrors(error, form.setError, SERVER_FIELDS)) return;
    toastError(error, 'Projekt konnte nicht angelegt werden', 'project-create');
  };
  const create = useCreateProject({ mutationConfig: { onSuccess: created, onError: failed } });
  const upload = useImportProject({ mutationConfig: { onSuccess: created, onError: failed } });

  const onValid = (values: NewProjectOutput) => {
    if (values.source === 'text') create.mutate({ title: values.title, text: values.text.trim(), voice_id: values.voice_id });
    else if (values.file) upload.mutate({ file: values.file, voice_id: values.voice_id, title: values.title || undefined });
  };

  return {
    form,
    voice: { language, setLanguage, voices: shown, voiceId, setVoice: (id: string) => form.setValue('voice_id', id, { shouldValidate: form.formState.isSubmitted }) },
    pending: create.isPending || upload.isPending,
    submit: (event?: React.BaseSyntheticEvent) => {
      // A voice of another language (picked before the language changed) is no choice.
      if (form.getValues('voice_id') !== voiceId) form.setValue('voice_id', voiceId);
      return form.handleSubmit(onValid)(event);
    },
  };
}

export type NewProjectFormState = ReturnType<typeof useNewProjectForm>;
