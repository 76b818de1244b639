import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { isApiError } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { toastGenerationFailure } from '@/lib/failure-toast';
import { audioFileName } from '@/lib/filename';
import { normalizeRate, RATE_DEFAULT } from '@/lib/speech-rate';
import {
  demoSpeechSchema,
  useCreateDemoSpeech,
  type DemoSpeechBody,
  type DemoSpeechFormInput,
  type DemoSpeechFormOutput,
} from '../api/create-demo-speech';
import type { DemoConfig } from '../api/types';
import * as texts from '../utils/limits';
import { useDemoVoices } from './use-demo-voices';

/** One toast for what went wrong with the last try: a new attempt replaces the old one. */
const DEMO_TOAST = 'demo-generate';

/** A generated demo audio: its object URL, the MP3 and the text it was made from. */
export type GeneratedAudio = { url: string; blob: Blob; text: string };

/** State of the demo: voice, text, the request and the generated audio (an object URL). */
export function useDemoForm(config: DemoConfig) {
  const maxChars = config.max_chars;
  const [limitMessage, setLimitMessage] = useState(() => texts.limitReachedMessage(config.tries_per_day));
  const [audio, setAudio] = useState<GeneratedAudio | null>(null);
  const urlRef = useRef<string | null>(null);

  // The result's player goes with its audio (and stops), so a replaced URL is not played anymore.
  const replaceAudio = useCallback((next: GeneratedAudio | null) => {
    if (urlRef.current && urlRef.current !== next?.url) URL.revokeObjectURL(urlRef.current);
    urlRef.current = next?.url ?? null;
    setAudio(next);
  }, []);
  useEffect(() => () => void (urlRef.current && URL.revokeObjectURL(urlRef.current)), []);

  const voices = useDemoVoices(config, () => replaceAudio(null));
  const schema = useMemo(() => demoSpeechSchema(maxChars), [maxChars]);
  const form = useForm<DemoSpeechFormInput, unknown, DemoSpeechFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { text: '', voice_id: voices.selection.voiceId, rate: RATE_DEFAULT },
  });
  const text = useWatch({ control: form.control, name: 'text' }) ?? '';

  const speech = useCreateDemoSpeech({
    mutationConfig: {
      onSuccess: (data, body) => replaceAudio({ url: URL.createObjectURL(data.blob), blob: data.blob, text: body.text }),
      onError: (error) => {
        toastGenerationFailure({ id: DEMO_TOAST, title: texts.GENERATION_ERROR_TITLE, error, unknownReason: 'Unbekannter Fehler' });
        if (isApiError(error) && error.code === 'demo_limit') setLimitMessage(error.message);
      },
    },
  });

  const onValid = (values: DemoSpeechFormOutput) => {
    if (config.remaining <= 0) return;
    const voice = voices.selectedVoice;
    if (!voice || !voice.available) return void toast.error(texts.INCOMPLETE_TITLE, { id: DEMO_TOAST, description: texts.INCOMPLETE_MESSAGE });
    const body: DemoSpeechBody = { text: values.text, voice_id: voice.id };
    if (voice.supports_rate) body.rate = normalizeRate(voices.rate ?? RATE_DEFAULT);
    speech.mutate(body);
  };

  const onInvalid = () => {
    const chars = texts.demoTextLength(form.getValues('text') ?? '');
    if (chars > maxChars) toast.error(texts.TOO_LONG_TITLE, { id: DEMO_TOAST, description: texts.tooLongMessage(maxChars, chars) });
    else toast.error(texts.INCOMPLETE_TITLE, { id: DEMO_TOAST, description: texts.INCOMPLETE_MESSAGE });
  };

  const chars = texts.demoTextLength(text);
  return {
    form,
    selection: voices.selection,
    maxChars,
    chars,
    overLimit: chars > maxChars,
    limitReached: config.remaining <= 0,
    limitMessage,
    audio,
    pending: speech.isPending,
    submit: (event: FormEvent<HTMLFormElement>) => {
      // The voice lives in the selection state; the schema checks it with the text.
      form.setValue('voice_id', voices.selection.voiceId);
      return form.handleSubmit(onValid, onInvalid)(event);
    },
    download: () => audio && saveBlob(audio.blob, audioFileName(audio.text)),
  };
}

export type DemoFormState = ReturnType<typeof useDemoForm>;
