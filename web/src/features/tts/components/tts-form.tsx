import { zodResolver } from '@hookform/resolvers/zod';
import { AudioLines, Euro, RefreshCw } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { SpeechRateControl } from '@/components/ui/speech-rate-control';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { VoicePicker } from '@/components/ui/voice-picker';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { ALL_PROVIDERS, defaultLanguage, languageOptions, providerOptions, visibleVoices } from '@/lib/voices';
import {
  createJobInputSchema,
  INCOMPLETE_MESSAGE,
  INCOMPLETE_TITLE,
  newIdempotencyKey,
  useCreateJob,
  type CreateJobBody,
  type CreateJobFormInput,
  type CreateJobFormOutput,
} from '../api/create-job';
import { useVoices } from '../api/get-voices';
import { estimateCostCents, MAX_TEXT_LENGTH, normalizeRate, RATE_DEFAULT } from '../utils/cost';
import { BalanceCard } from './balance-card';

export function insufficientBalanceMessage(costCent: number, balanceCent: number): string {
  return `Sie benötigen ${costCent} Cent für diese Konvertierung. Ihr aktuelles Guthaben: ${balanceCent} Cent.`;
}

export function TtsForm({ balanceCent }: { balanceCent: number }) {
  const voicesQuery = useVoices();
  const languages = useMemo(() => voicesQuery.data?.languages ?? [], [voicesQuery.data]);
  const providers = useMemo(() => voicesQuery.data?.providers ?? [], [voicesQuery.data]);
  const allVoices = useMemo(() => voicesQuery.data?.voices ?? [], [voicesQuery.data]);

  const [language, setLanguage] = useState<string>('');
  const [provider, setProvider] = useState<string>(ALL_PROVIDERS);
  const voiceListLabelId = useId();
  const textId = useId();
  const counterId = useId();

  // Default language: German when offered, else the first one.
  useEffect(() => {
    if (language || languages.length === 0) return;
    setLanguage(defaultLanguage(languages));
  }, [languages, language]);

  const form = useForm<CreateJobFormInput, unknown, CreateJobFormOutput>({
    resolver: zodResolver(createJobInputSchema),
    defaultValues: { text: '', voice_id: '', rate: RATE_DEFAULT },
  });
  const text = useWatch({ control: form.control, name: 'text' }) ?? '';
  const voiceId = useWatch({ control: form.control, name: 'voice_id' });

  const shownVoices = useMemo(() => visibleVoices(allVoices, language, provider), [allVoices, language, provider]);
  const selectedVoice = allVoices.find((v) => v.id === voiceId);

  // A voice hidden by a new language or filter is no longer selected.
  useEffect(() => {
    if (voiceId && !shownVoices.some((v) => v.id === voiceId && v.available)) {
      form.setValue('voice_id', '');
    }
  }, [shownVoices, voiceId, form]);

  const cost = estimateCostCents(text);
  const overBalance = cost > balanceCent;

  const createJobMutation = useCreateJob({
    mutationConfig: {
      onSuccess: () => {
        toast.success('TTS-Generierung gestartet', {
          description: 'Ihr Audio wird erstellt und erscheint gleich unter „Meine Audios“.',
        });
        form.reset({ text: '', voice_id: form.getValues('voice_id'), rate: form.getValues('rate') });
      },
      onError: (error) => {
        if (isApiError(error)) toast.error(error.title, { description: error.message });
        else toast.error('Fehler bei der TTS-Generierung', { description: 'Bitte versuchen Sie es erneut.' });
      },
    },
  });

  const onValid = (values: CreateJobFormOutput) => {
    const voice = allVoices.find((v) => v.id === values.voice_id);
    if (!voice || !voice.available) {
      toast.error(INCOMPLETE_TITLE, { description: INCOMPLETE_MESSAGE });
      return;
    }
    const needed = estimateCostCents(values.text);
    if (needed > balanceCent) {
      toast.error('Unzureichendes Guthaben', { description: insufficientBalanceMessage(needed, balanceCent) });
      return;
    }
    const body: CreateJobBody = { text: values.text, voice_id: voice.id };
    if (voice.supports_rate) body.rate = normalizeRate(values.rate);
    createJobMutation.mutate({ body, idempotencyKey: newIdempotencyKey() });
  };

  const onInvalid = (errors: FieldErrors<CreateJobFormInput>) => {
    if (errors.text?.type === 'too_big') {
      toast.error('Text zu lang', { description: errors.text.message });
      return;
    }
    toast.error(INCOMPLETE_TITLE, { description: INCOMPLETE_MESSAGE });
  };

  return (
    <form
      noValidate
      aria-label="Audio generieren"
      onSubmit={form.handleSubmit(onValid, onInvalid)}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]"
    >
      <div className="flex flex-col gap-6 lg:order-2">
        <BalanceCard balanceCent={balanceCent} />
        <Card>
          <CardHeader>
            <CardTitle id={voiceListLabelId}>Stimme wählen</CardTitle>
            <CardDescription>Sprache, Anbieter und Sprecher für Ihr Audio.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {voicesQuery.isPending ? (
              <div className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
                <Spinner label={null} /> Stimmen werden geladen...
              </div>
            ) : voicesQuery.isError ? (
              <Alert variant="error" title="Stimmen konnten nicht geladen werden">
                <p>{isApiError(voicesQuery.error) ? voicesQuery.error.message : 'Bitte versuchen Sie es erneut.'}</p>
                <Button variant="outline" size="sm" className="mt-2" onClick={() => voicesQuery.refetch()}>
                  <RefreshCw aria-hidden="true" /> Erneut versuchen
                </Button>
              </Alert>
            ) : (
              <>
                <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
                  <div className="flex flex-col gap-2">
                    <Label htmlFor={`${voiceListLabelId}-language`}>Sprache</Label>
                    <Select
                      id={`${voiceListLabelId}-language`}
                      value={language}
                      onChange={(e) => setLanguage(e.target.value)}
                      options={languageOptions(languages)}
                    />
                  </div>
                  <div className="flex flex-col gap-2">
                    <Label htmlFor={`${voiceListLabelId}-provider`}>Anbieter</Label>
                    <Select
                      id={`${voiceListLabelId}-provider`}
                      value={provider}
                      onChange={(e) => setProvider(e.target.value)}
                      options={providerOptions(providers)}
                    />
                  </div>
                </div>
                <Controller
                  control={form.control}
                  name="voice_id"
                  render={({ field }) => (
                    <VoicePicker
                      voices={shownVoices}
                      providers={providers}
                      value={field.value}
                      onChange={field.onChange}
                      filterActive={provider !== ALL_PROVIDERS}
                      onResetFilter={() => setProvider(ALL_PROVIDERS)}
                      labelledBy={voiceListLabelId}
                    />
                  )}
                />
                {selectedVoice?.supports_rate && (
                  <Controller
                    control={form.control}
                    name="rate"
                    render={({ field }) => <SpeechRateControl value={field.value} onChange={field.onChange} />}
                  />
                )}
              </>
            )}
          </CardContent>
        </Card>
      </div>

      <Card className="flex flex-col lg:order-1">
        <CardHeader>
          <CardTitle>Text eingeben</CardTitle>
          <CardDescription>
            Kosten: 1 Cent pro 10 Zeichen (mindestens 1 Cent). Maximal {MAX_TEXT_LENGTH.toLocaleString('de-DE')} Zeichen.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-1 flex-col gap-3">
          <Label htmlFor={textId} className="sr-only">
            Text
          </Label>
          <Textarea
            id={textId}
            data-testid="tts-text"
            maxLength={MAX_TEXT_LENGTH}
            rows={12}
            placeholder="Geben Sie hier den Text ein, der in Sprache umgewandelt werden soll…"
            aria-describedby={counterId}
            className="min-h-64 flex-1"
            {...form.register('text')}
          />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              <span id={counterId} className="tabular-nums text-muted-foreground" data-testid="tts-counter">
                {text.length}/{MAX_TEXT_LENGTH} Zeichen
              </span>
              <span
                className={cn('inline-flex items-center gap-1.5 tabular-nums font-medium', overBalance ? 'text-destructive' : 'text-foreground')}
                data-testid="tts-cost"
              >
                <Euro className="size-4" aria-hidden="true" />
                Kosten: {cost} Cent
              </span>
            </div>
            <Button type="submit" size="lg" data-testid="tts-submit" loading={createJobMutation.isPending}>
              {!createJobMutation.isPending && <AudioLines aria-hidden="true" />}
              Audio generieren
            </Button>
          </div>
          {overBalance && (
            <p className="text-xs text-destructive">{insufficientBalanceMessage(cost, balanceCent)}</p>
          )}
        </CardContent>
      </Card>
    </form>
  );
}
