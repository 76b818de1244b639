import { zodResolver } from '@hookform/resolvers/zod';
import { AudioLines } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { SpeechRateControl } from '@/components/ui/speech-rate-control';
import { Textarea } from '@/components/ui/textarea';
import { VoicePicker } from '@/components/ui/voice-picker';
import { isApiError } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { audioFileName } from '@/lib/filename';
import { countChars } from '@/lib/format';
import { normalizeRate, RATE_DEFAULT } from '@/lib/speech-rate';
import { ALL_PROVIDERS, defaultLanguage, firstAvailableId, languageOptions, providerOptions, visibleVoices } from '@/lib/voices';
import {
  demoSpeechSchema,
  useCreateDemoSpeech,
  type DemoSpeechBody,
  type DemoSpeechFormInput,
  type DemoSpeechFormOutput,
} from '../api/create-demo-speech';
import type { DemoConfig } from '../api/types';
import {
  DEMO_MAX_CHARS,
  demoTextLength,
  GENERATION_ERROR_TITLE,
  INCOMPLETE_MESSAGE,
  INCOMPLETE_TITLE,
  limitReachedMessage,
  PLAYBACK_ERROR_MESSAGE,
  PLAYBACK_ERROR_TITLE,
  TOO_LONG_TITLE,
  tooLongMessage,
} from '../utils/limits';
import { AudioResult } from './audio-result';
import { LimitNotice } from './limit-notice';

/** A generated demo audio: its object URL, the MP3 and the text it was made from. */
type GeneratedAudio = { url: string; blob: Blob; text: string };

export function DemoForm({ config }: { config: DemoConfig }) {
  const { languages, providers, voices } = config;
  const maxChars = config.max_chars > 0 ? config.max_chars : DEMO_MAX_CHARS;
  const limitReached = config.remaining <= 0;

  const [language, setLanguage] = useState(() =>
    defaultLanguage(languages),
  );
  const [provider, setProvider] = useState(ALL_PROVIDERS);
  const [limitMessage, setLimitMessage] = useState(() => limitReachedMessage(config.tries_per_day));
  const ids = { voices: useId(), text: useId(), counter: useId() };

  const schema = useMemo(() => demoSpeechSchema(maxChars), [maxChars]);
  const form = useForm<DemoSpeechFormInput, unknown, DemoSpeechFormOutput>({
    resolver: zodResolver(schema),
    // The first available voice of the starting language is selected right away.
    defaultValues: { text: '', voice_id: firstAvailableId(visibleVoices(voices, language, provider)), rate: RATE_DEFAULT },
  });
  const text = useWatch({ control: form.control, name: 'text' }) ?? '';
  const voiceId = useWatch({ control: form.control, name: 'voice_id' });

  const shownVoices = useMemo(() => visibleVoices(voices, language, provider), [voices, language, provider]);
  const selectedVoice = voices.find((v) => v.id === voiceId);

  // --- the generated audio (an object URL, revoked whenever it is replaced) ---
  const audioRef = useRef<HTMLAudioElement>(null);
  const audioUrlRef = useRef<string | null>(null);
  const [audio, setAudio] = useState<GeneratedAudio | null>(null);
  const [playing, setPlaying] = useState(false);

  const replaceAudio = useCallback((next: GeneratedAudio | null) => {
    audioRef.current?.pause();
    if (audioUrlRef.current && audioUrlRef.current !== next?.url) URL.revokeObjectURL(audioUrlRef.current);
    audioUrlRef.current = next?.url ?? null;
    setAudio(next);
    setPlaying(false);
  }, []);

  useEffect(
    () => () => {
      if (audioUrlRef.current) URL.revokeObjectURL(audioUrlRef.current);
      audioUrlRef.current = null;
    },
    [],
  );

  /** Selecting another voice clears the previous audio. */
  const selectVoice = (id: string) => {
    if (id === form.getValues('voice_id')) return;
    form.setValue('voice_id', id);
    replaceAudio(null);
  };

  /** A new language selects its first available voice. */
  const changeLanguage = (code: string) => {
    setLanguage(code);
    selectVoice(firstAvailableId(visibleVoices(voices, code, provider)));
  };

  /** A filter that hides the selected voice selects the first available one it shows. */
  const changeProvider = (value: string) => {
    setProvider(value);
    const next = visibleVoices(voices, language, value);
    if (!next.some((v) => v.id === form.getValues('voice_id') && v.available)) selectVoice(firstAvailableId(next));
  };

  const speech = useCreateDemoSpeech({
    mutationConfig: {
      onSuccess: (data, variables) => {
        replaceAudio({ url: URL.createObjectURL(data.blob), blob: data.blob, text: variables.text });
      },
      onError: (error) => {
        if (isApiError(error)) {
          // The server's German title and message, e.g. "Demo-Limit erreicht" or
          // "Fehler bei der Audio-Generierung".
          toast.error(error.title, { description: error.message });
          if (error.code === 'demo_limit') setLimitMessage(error.message);
        } else {
          toast.error(GENERATION_ERROR_TITLE, { description: 'Unbekannter Fehler' });
        }
      },
    },
  });

  const onValid = (values: DemoSpeechFormOutput) => {
    if (limitReached) return;
    const voice = voices.find((v) => v.id === values.voice_id);
    if (!voice || !voice.available) {
      toast.error(INCOMPLETE_TITLE, { description: INCOMPLETE_MESSAGE });
      return;
    }
    const body: DemoSpeechBody = { text: values.text, voice_id: voice.id };
    if (voice.supports_rate) body.rate = normalizeRate(values.rate);
    audioRef.current?.pause();
    speech.mutate(body);
  };

  const onInvalid = () => {
    const chars = demoTextLength(form.getValues('text') ?? '');
    if (chars > maxChars) toast.error(TOO_LONG_TITLE, { description: tooLongMessage(maxChars, chars) });
    else toast.error(INCOMPLETE_TITLE, { description: INCOMPLETE_MESSAGE });
  };

  const togglePlay = async () => {
    const element = audioRef.current;
    if (!element) return;
    if (playing) {
      element.pause();
      setPlaying(false);
      return;
    }
    try {
      await element.play();
      setPlaying(true);
    } catch (error) {
      // A newer action replaced the source while this one was loading: not an error.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setPlaying(false);
      toast.error(PLAYBACK_ERROR_TITLE, { description: PLAYBACK_ERROR_MESSAGE });
    }
  };

  const download = () => {
    if (audio) saveBlob(audio.blob, audioFileName(audio.text));
  };

  const chars = countChars(text);
  const overLimit = chars > maxChars;
  return (
    <form
      noValidate
      aria-label="Live Demo"
      onSubmit={form.handleSubmit(onValid, onInvalid)}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start"
    >
      <Card className="flex flex-col">
        <CardHeader>
          <CardTitle>Text eingeben</CardTitle>
          <CardDescription>Bis zu {maxChars} Zeichen pro Test. Das Ergebnis können Sie anhören und herunterladen.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-1 flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.text} className="sr-only">
              Text
            </Label>
            <Textarea
              id={ids.text}
              data-testid="demo-text"
              rows={5}
              placeholder="Geben Sie einen kurzen Text ein, z. B. „Willkommen bei Stimmwerk!“"
              aria-describedby={ids.counter}
              aria-invalid={overLimit || undefined}
              className="min-h-36"
              {...form.register('text')}
            />
            <div className="flex items-center justify-between gap-3">
              <Badge
                id={ids.counter}
                variant={overLimit ? 'destructive' : 'neutral'}
                data-testid="demo-counter"
                data-over-limit={overLimit}
                className="tabular-nums"
              >
                {chars}/{maxChars}
              </Badge>
              <Button
                type="submit"
                size="lg"
                data-testid="demo-generate"
                loading={speech.isPending}
                disabled={limitReached}
              >
                {!speech.isPending && <AudioLines aria-hidden="true" />}
                {speech.isPending ? 'Wird generiert...' : 'Audio generieren'}
              </Button>
            </div>
          </div>
          {limitReached && <LimitNotice message={limitMessage} />}
          <AudioResult
            state={speech.isPending ? 'generating' : audio ? 'ready' : 'idle'}
            playing={playing}
            onTogglePlay={() => void togglePlay()}
            onDownload={download}
          />
          {audio && (
            <audio
              key={audio.url}
              ref={audioRef}
              src={audio.url}
              preload="auto"
              className="hidden"
              data-testid="demo-audio"
              onPlay={() => setPlaying(true)}
              onPause={() => setPlaying(false)}
              onEnded={() => setPlaying(false)}
            />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle id={ids.voices}>Stimme wählen</CardTitle>
          <CardDescription>Sprache, Anbieter und Sprecher für Ihren Test.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${ids.voices}-language`}>Sprache</Label>
              <Select
                id={`${ids.voices}-language`}
                value={language}
                onChange={(e) => changeLanguage(e.target.value)}
                options={languageOptions(languages)}
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${ids.voices}-provider`}>Anbieter</Label>
              <Select
                id={`${ids.voices}-provider`}
                value={provider}
                onChange={(e) => changeProvider(e.target.value)}
                options={providerOptions(providers)}
              />
            </div>
          </div>
          <VoicePicker
            voices={shownVoices}
            providers={providers}
            value={voiceId}
            onChange={selectVoice}
            filterActive={provider !== ALL_PROVIDERS}
            onResetFilter={() => changeProvider(ALL_PROVIDERS)}
            labelledBy={ids.voices}
            listTestId="demo-voice-list"
            optionTestId="demo-voice-option"
          />
          {selectedVoice?.supports_rate && (
            <Controller
              control={form.control}
              name="rate"
              render={({ field }) => (
                <SpeechRateControl value={field.value} onChange={field.onChange} data-testid="demo-rate" />
              )}
            />
          )}
        </CardContent>
      </Card>
    </form>
  );
}
