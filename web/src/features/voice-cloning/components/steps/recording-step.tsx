import type { TrainingText } from '../../api/types';
import { formatReadingTime, LEAD_IN_SECONDS, readingSeconds } from '../../utils/teleprompter-pace';
import { RecorderPanel } from '../recorder-panel';
import type { StepProps } from './types';

/** Step 4: one recording of the training text, checked by the server. */
export function RecordingStep({
  values,
  onChange,
  text,
  limits,
}: StepProps & { text: TrainingText | undefined; limits: { min_seconds: number; max_seconds: number } }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Lesen Sie den Text in ruhiger Umgebung deutlich und in normalem Tempo vor. Der Text läuft während der Aufnahme nach
        {` ${LEAD_IN_SECONDS} `}Sekunden Vorlauf im Teleprompter mit; mit „Pausieren“ hält er an, und Sie können jederzeit
        zurückscrollen.
        {/* The reading time at the chosen pace, not the server's whole-minute estimate (1 min for 14 s of text). */}
        {text && (
          <span data-testid="reading-time">
            {` Vorlesezeit für „${text.title}“ in Ihrem Tempo: ${formatReadingTime(readingSeconds(text.content, values.scrollSpeed))}.`}
          </span>
        )}{' '}
        Die Aufnahme muss mindestens {limits.min_seconds} Sekunden lang sein und endet spätestens nach{' '}
        {Math.round(limits.max_seconds / 60)} Minuten.
      </p>
      <RecorderPanel
        teleprompter={{ text: text?.content ?? '', textSize: values.textSize, scrollSpeed: values.scrollSpeed, label: 'Trainingstext' }}
        recording={values.training}
        onChange={(training) => onChange({ training })}
        maxSeconds={limits.max_seconds}
      />
    </div>
  );
}
