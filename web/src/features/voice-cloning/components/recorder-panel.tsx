import { Mic, Pause, Play, RotateCcw, Square } from 'lucide-react';
import { useCallback } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { formatDuration } from '@/lib/format';
import { useCheckRecording } from '../api/check-recording';
import { useRecorder } from '../hooks/use-recorder';
import type { CheckedRecording } from '../utils/wizard';
import { formatClock } from '../utils/wizard';
import { LevelMeter } from './level-meter';
import { Teleprompter } from './teleprompter';

/** Why the server refused a recording, or that it could not check it (then it may try again). */
function CheckError({ error, onRecheck }: { error: Error; onRecheck?: () => void }) {
  if (isApiError(error) && (error.status === 422 || error.status === 413)) {
    // The server's reason (too short, silent, clipped, too large, …): only a new recording helps.
    return (
      <Alert variant="error" title={error.title}>
        <span data-testid="record-error">{error.message}</span>
      </Alert>
    );
  }
  return (
    <Alert variant="error" title="Die Aufnahme konnte nicht geprüft werden">
      <span data-testid="record-error">{error.message}</span>
      {onRecheck && (
        <Button variant="outline" size="sm" className="mt-2" onClick={onRecheck} data-testid="record-recheck">
          Erneut prüfen
        </Button>
      )}
    </Alert>
  );
}

/**
 * Record, stop, check with the server and re-record one recording, with the input level and
 * (given a `teleprompter`) the text scrolling while recording. Only a recording that passed
 * `check-recording` is handed to `onChange`.
 */
export function RecorderPanel({
  teleprompter,
  recording,
  onChange,
  maxSeconds,
}: {
  /** The server's longest accepted recording: the recording stops by itself there. */
  maxSeconds?: number;
  /** The text to read in a scrolling teleprompter; without it the text is shown elsewhere. */
  teleprompter?: { text: string; textSize: number; scrollSpeed: number; label: string };
  recording: CheckedRecording | null;
  onChange: (recording: CheckedRecording | null) => void;
}) {
  const check = useCheckRecording();
  const onRecorded = useCallback(
    (blob: Blob) =>
      check.mutate(blob, {
        onSuccess: (result) => onChange({ blob, durationSeconds: result.duration_seconds }),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `check.mutate` is stable
    [onChange],
  );
  const recorder = useRecorder(onRecorded, { maxSeconds });
  const paused = recorder.state === 'paused';
  // A paused recording is still under way: it is resumed or ended, not started anew.
  const recording_ = recorder.state === 'recording' || paused;

  const start = () => {
    check.reset();
    onChange(null);
    void recorder.start();
  };

  return (
    <div className="flex flex-col gap-4">
      {teleprompter && (
        <Teleprompter
          text={teleprompter.text}
          textSize={teleprompter.textSize}
          scrollSpeed={teleprompter.scrollSpeed}
          running={recording_}
          paused={paused}
          label={teleprompter.label}
        />
      )}
      <LevelMeter level={recorder.level} active={recorder.state === 'recording'} />
      <div className="flex flex-wrap items-center gap-2">
        {recording_ ? (
          <>
            <Button key="stop" variant="destructive" onClick={recorder.stop} data-testid="record-stop">
              <Square aria-hidden="true" /> Aufnahme beenden
            </Button>
            {/* One button that changes its label: the focus stays on it. */}
            <Button
              key="pause"
              variant="outline"
              onClick={paused ? recorder.resume : recorder.pause}
              data-testid={paused ? 'record-resume' : 'record-pause'}
            >
              {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
              {paused ? 'Fortsetzen' : 'Pausieren'}
            </Button>
          </>
        ) : recording || check.isError ? (
          <Button key="again" variant="outline" onClick={start} disabled={check.isPending} data-testid="record-again">
            <RotateCcw aria-hidden="true" /> Neu aufnehmen
          </Button>
        ) : (
          <Button
            key="start"
            onClick={start}
            loading={recorder.state === 'requesting'}
            disabled={check.isPending}
            data-testid="record-start"
          >
            <Mic aria-hidden="true" /> Aufnahme starten
          </Button>
        )}
        {recording_ && (
          // Not a live region: it changes four times a second.
          <span className="text-sm font-medium tabular-nums" data-testid="record-elapsed">
            {formatClock(recorder.elapsed)}
          </span>
        )}
        <span className="text-sm text-muted-foreground" role="status" data-testid="record-status">
          {paused
            ? 'Aufnahme angehalten. Mit „Fortsetzen“ geht es an derselben Stelle weiter.'
            : recording_
              ? 'Aufnahme läuft. Lesen Sie den Text laut vor.'
              : check.isPending
                ? 'Aufnahme wird geprüft…'
                : ''}
        </span>
      </div>
      {check.isError && <CheckError error={check.error} onRecheck={check.variables ? () => onRecorded(check.variables) : undefined} />}
      {recording && !check.isError && (
        <Alert variant="success" title="Aufnahme geprüft">
          <span data-testid="record-duration">Dauer: {formatDuration(recording.durationSeconds)}</span>
        </Alert>
      )}
    </div>
  );
}
