import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form';
import { fieldBase } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toastError } from '@/lib/errors';
import type { Voice } from '@/lib/voices';
import { useChapter } from '../api/get-chapter';
import { useProject } from '../api/get-project';
import { useUpdateParagraph } from '../api/update-paragraph';
import type { ParagraphView } from '../api/types';
import { deliveryCaps, deliveryChange, formatPitch, formatSpeed, PITCHES, SPEEDS } from '../utils/delivery';
import { formatPause, PARAGRAPH_PAUSE_DEFAULT_MS, parsePause, pauseFieldValue } from '../utils/pause';
import { PauseInput } from './pause-input';

type Field = 'speed' | 'pitch' | 'pause_after_ms';
type Errors = Partial<Record<Field, string>>;

/** The server's messages for the delivery (a 422 names `speed`, `pitch` or `pause_after_ms`). */
function serverErrors(error: unknown): Errors {
  if (!isApiError(error)) return {};
  const { speed, pitch, pause_after_ms } = error.fields;
  return Object.fromEntries(Object.entries({ speed, pitch, pause_after_ms }).filter(([, message]) => !!message));
}

/** The voice that reads the paragraph: its own, else its chapter's, else the project's. */
function useReadingVoice(projectId: string, chapterId: string, paragraph: ParagraphView, voices: Voice[]): Voice | undefined {
  const chapterVoice = useChapter(projectId, chapterId).data?.voice_id;
  const projectVoice = useProject(projectId).data?.voice_id;
  const id = paragraph.voice_id ?? chapterVoice ?? projectVoice;
  return voices.find((voice) => voice.id === id);
}

type DeliveryFormProps = { projectId: string; chapterId: string; paragraph: ParagraphView; voices: Voice[]; onDone: () => void };

/** The fields of "Vortrag": tempo and pitch where the reading voice can change them, and the pause after the paragraph. */
export function DeliveryForm({ projectId, chapterId, paragraph, voices, onDone }: DeliveryFormProps) {
  const id = useId();
  const caps = deliveryCaps(useReadingVoice(projectId, chapterId, paragraph, voices));
  const [speed, setSpeed] = useState(paragraph.delivery?.speed != null ? String(paragraph.delivery.speed) : '');
  const [pitch, setPitch] = useState(paragraph.delivery?.pitch != null ? String(paragraph.delivery.pitch) : '');
  const [pause, setPause] = useState(() => pauseFieldValue(paragraph.delivery?.pause_after_ms));
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateParagraph({
    mutationConfig: {
      onSuccess: (saved) => {
        // Tempo and pitch change the paragraph's own audio; the pause only the chapter's join.
        const sound = (d: ParagraphView['delivery'] | undefined) => [d?.speed ?? null, d?.pitch ?? null].join('|');
        const description = sound(saved.delivery) !== sound(paragraph.delivery) ? 'Der Absatz ist jetzt neu zu vertonen.' : undefined;
        toast.success('Vortrag gespeichert', { id: 'paragraph-delivery', description });
        onDone();
      },
      onError: (failure) => {
        const messages = serverErrors(failure);
        if (Object.keys(messages).length > 0) return setErrors(messages);
        toastError(failure, 'Vortrag konnte nicht gespeichert werden', 'paragraph-delivery');
      },
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePause(pause);
    if (parsed.error !== undefined) return setErrors({ pause_after_ms: parsed.error });
    setErrors({});
    const values = { speed: speed === '' ? null : Number(speed), pitch: pitch === '' ? null : Number(pitch), pause_after_ms: parsed.ms };
    update.mutate({ projectId, chapterId, paragraphId: paragraph.id, change: { delivery: deliveryChange(values, caps) } });
  };
  const unchangeable = !caps.speed && !caps.pitch;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="paragraph-delivery-form">
      {caps.speed && (
        <DeliveryField id={`${id}-speed`} label="Sprechtempo" error={errors.speed}>
          <DeliverySelect id={`${id}-speed`} value={speed} onChange={setSpeed} error={errors.speed} options={SPEEDS.map((s) => [String(s), formatSpeed(s)])} />
        </DeliveryField>
      )}
      {caps.pitch && (
        <DeliveryField id={`${id}-pitch`} label="Tonhöhe" error={errors.pitch}>
          <DeliverySelect id={`${id}-pitch`} value={pitch} onChange={setPitch} error={errors.pitch} options={PITCHES.map((p) => [String(p), formatPitch(p)])} />
        </DeliveryField>
      )}
      <DeliveryField
        id={`${id}-pause`}
        label="Pause danach"
        error={errors.pause_after_ms}
        hint={`0 bis 10 Sekunden; leer lassen für die übliche Pause (${formatPause(PARAGRAPH_PAUSE_DEFAULT_MS)}).${unchangeable ? ' Tempo und Tonhöhe kann diese Stimme nicht ändern.' : ''}`}
      >
        <PauseInput
          id={`${id}-pause`}
          value={pause}
          placeholder={pauseFieldValue(PARAGRAPH_PAUSE_DEFAULT_MS)}
          onChange={(event) => setPause(event.target.value)}
          aria-invalid={errors.pause_after_ms ? true : undefined}
          aria-describedby={errors.pause_after_ms ? `${id}-pause-error` : `${id}-pause-hint`}
          data-testid="paragraph-pause-input"
        />
      </DeliveryField>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          Abbrechen
        </Button>
        <Button type="submit" loading={update.isPending} data-testid="paragraph-delivery-save">
          Speichern
        </Button>
      </div>
    </form>
  );
}

function DeliveryField({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type DeliverySelectProps = { id: string; value: string; onChange: (value: string) => void; error?: string; options: [string, string][] };

/** A native select: "Wie die Stimme" (nothing set), then the values. */
function DeliverySelect({ id, value, onChange, error, options }: DeliverySelectProps) {
  return (
    <select
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      className={cn(fieldBase, 'h-10 w-48')}
    >
      <option value="">Wie die Stimme</option>
      {options.map(([option, label]) => (
        <option key={option} value={option}>
          {label}
        </option>
      ))}
    </select>
  );
}
