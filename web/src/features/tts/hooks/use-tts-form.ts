import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import type { VoiceSelection } from '@/components/ui/voice-selection-panel';
import { toastGenerationFailure } from '@/lib/failure-toast';
import { estimateCostCents, textLength, TOO_LONG_TITLE, type Limits } from '@/lib/limits';
import { ALL_PROVIDERS, defaultLanguage, visibleVoices } from '@/lib/voices';
import {
  createJobInputSchema,
  INCOMPLETE_MESSAGE,
  INCOMPLETE_TITLE,
  NO_TEXT_MESSAGE,
  NO_VOICE_MESSAGE,
  newIdempotencyKey,
  splitTags,
  useCreateJob,
  type CreateJobBody,
  type CreateJobFormInput,
  type CreateJobFormOutput,
} from '../api/create-job';
import type { Job, VoicesResponse } from '../api/types';
import { normalizeRate, RATE_DEFAULT } from '../utils/cost';

/** The voice of the last generation, preselected next time (this browser only). */
const LAST_VOICE_KEY = 'stimmwerk:last-voice';

/** One toast for what went wrong with the last submit: a new attempt replaces the old one. */
const TTS_TOAST = 'tts-submit';

function lastVoice(): string | null {
  try {
    return window.localStorage.getItem(LAST_VOICE_KEY);
  } catch {
    return null;
  }
}

function rememberVoice(id: string) {
  try {
    window.localStorage.setItem(LAST_VOICE_KEY, id);
  } catch {
    // Private mode: the first stock voice is preselected instead.
  }
}

export const LAST_VOICE_GONE_MESSAGE = 'Ihre zuletzt verwendete Stimme ist nicht mehr verfügbar. Bitte wählen Sie eine Stimme.';

type PreselectableVoice = Pick<VoicesResponse['voices'][number], 'id' | 'type' | 'available'>;

/**
 * The voice preselected until the user picks one: the last used one (this browser) while
 * it is usable and shown; else the first usable stock voice shown, never a clone (a clone
 * is only used when the user picks it). When the last used voice is gone altogether
 * (deleted, paused, switched off), nothing is preselected: the screen says so, and the
 * user chooses instead of getting another voice without noticing.
 */
export function preselectVoice(
  all: PreselectableVoice[],
  shown: PreselectableVoice[],
  last: string | null,
): { voiceId: string; lastVoiceGone: boolean } {
  if (last && shown.some((v) => v.id === last && v.available)) return { voiceId: last, lastVoiceGone: false };
  if (last && !all.some((v) => v.id === last && v.available)) return { voiceId: '', lastVoiceGone: true };
  return { voiceId: shown.find((v) => v.available && v.type !== 'clone')?.id ?? '', lastVoiceGone: false };
}

export function insufficientBalanceMessage(costCent: number, balanceCent: number): string {
  return `Sie benötigen ${costCent} Cent für diese Konvertierung. Ihr aktuelles Guthaben: ${balanceCent} Cent.`;
}

/**
 * State of the generation screen: the voice selection, the text form and the submit.
 * The typed text stays after a submit, for the next take.
 */
export function useTtsForm({
  catalogue,
  limits,
  balanceCent,
  onCreated,
}: {
  catalogue: VoicesResponse;
  limits: Limits;
  balanceCent: number;
  onCreated: (job: Job) => void;
}) {
  const { languages, providers, voices } = catalogue;
  const [chosenLanguage, setLanguage] = useState<string | null>(null);
  const language = chosenLanguage ?? defaultLanguage(languages);
  const [provider, setProvider] = useState<string>(ALL_PROVIDERS);
  const schema = useMemo(() => createJobInputSchema(limits.text_max_chars), [limits.text_max_chars]);
  const form = useForm<CreateJobFormInput, unknown, CreateJobFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { text: '', voice_id: '', rate: RATE_DEFAULT, category_id: '', tags: '' },
  });
  const text = useWatch({ control: form.control, name: 'text' }) ?? '';
  const chosenVoiceId = useWatch({ control: form.control, name: 'voice_id' });
  const rate = useWatch({ control: form.control, name: 'rate' });

  const shownVoices = useMemo(() => visibleVoices(voices, language, provider), [voices, language, provider]);
  const usable = (id: string | null) => shownVoices.some((v) => v.id === id && v.available);
  const last = lastVoice();
  const { voiceId: preselected, lastVoiceGone } = preselectVoice(voices, shownVoices, last);
  // A voice hidden by another language or filter is no longer selected.
  const voiceId = usable(chosenVoiceId) ? chosenVoiceId : preselected;
  const selectedVoice = voices.find((v) => v.id === voiceId);

  const chars = textLength(text);
  const cost = estimateCostCents(text, limits);
  const tooLong = chars > limits.text_max_chars;

  const createJob = useCreateJob({
    mutationConfig: {
      onSuccess: (data) => {
        toast.success('TTS-Generierung gestartet', {
          description: 'Ihr Audio wird erstellt und erscheint gleich unter „Meine Audios“.',
        });
        onCreated(data.job);
      },
      onError: (error) => toastGenerationFailure({ id: TTS_TOAST, title: 'Fehler bei der TTS-Generierung', error }),
    },
  });

  const onValid = (values: CreateJobFormOutput) => {
    const voice = voices.find((v) => v.id === voiceId);
    if (!voice || !voice.available) {
      toast.error(INCOMPLETE_TITLE, { id: TTS_TOAST, description: NO_VOICE_MESSAGE });
      return;
    }
    const needed = estimateCostCents(values.text, limits);
    if (needed > balanceCent) {
      toast.error('Unzureichendes Guthaben', { id: TTS_TOAST, description: insufficientBalanceMessage(needed, balanceCent) });
      return;
    }
    const body: CreateJobBody = { text: values.text, voice_id: voice.id };
    if (voice.supports_rate) body.rate = normalizeRate(values.rate);
    if (values.category_id) body.category_id = values.category_id;
    const tags = splitTags(values.tags);
    if (tags.length > 0) body.tags = tags;
    rememberVoice(voice.id);
    createJob.mutate({ body, idempotencyKey: newIdempotencyKey() });
  };

  const onInvalid = (errors: FieldErrors<CreateJobFormInput>) => {
    if (errors.text?.type === 'too_big') toast.error(TOO_LONG_TITLE, { id: TTS_TOAST, description: errors.text.message });
    else {
      const missing = !errors.text ? NO_VOICE_MESSAGE : voiceId ? NO_TEXT_MESSAGE : INCOMPLETE_MESSAGE;
      toast.error(INCOMPLETE_TITLE, { id: TTS_TOAST, description: missing });
    }
  };

  const selection: VoiceSelection = {
    languages,
    providers,
    voices: shownVoices,
    language,
    onLanguageChange: setLanguage,
    provider,
    onProviderChange: setProvider,
    voiceId,
    onVoiceChange: (id) => form.setValue('voice_id', id),
    notice: lastVoiceGone && !voiceId ? LAST_VOICE_GONE_MESSAGE : undefined,
    rate: selectedVoice?.supports_rate ? { value: rate, onChange: (r) => form.setValue('rate', r) } : undefined,
  };

  return {
    form,
    selection,
    text,
    chars,
    cost,
    tooLong,
    overBalance: cost > balanceCent,
    pending: createJob.isPending,
    submit: (event?: React.BaseSyntheticEvent) => {
      // The preselected voice is the form's voice unless the user picked another.
      if (voiceId && form.getValues('voice_id') !== voiceId) form.setValue('voice_id', voiceId);
      return form.handleSubmit(onValid, onInvalid)(event);
    },
  };
}

export type TtsFormState = ReturnType<typeof useTtsForm>;
