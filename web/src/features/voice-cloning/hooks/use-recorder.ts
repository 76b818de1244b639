import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';

/** The format the server accepts (spec section 9: webm opus). */
export const RECORDING_MIME = 'audio/webm;codecs=opus';

export type RecorderState = 'idle' | 'requesting' | 'recording' | 'paused';

type Session = {
  stream: MediaStream;
  recorder: MediaRecorder;
  context: AudioContext | null;
  frame: number;
  timer: number;
  /** Milliseconds recorded before the current stretch (pauses are not part of the recording). */
  recordedMs: number;
  /** When the current stretch began; null while paused. */
  stretchFrom: number | null;
};

/** Seconds recorded so far, pauses left out. */
function recordedSeconds(s: Session): number {
  return (s.recordedMs + (s.stretchFrom === null ? 0 : performance.now() - s.stretchFrom)) / 1000;
}

/** Root mean square of the time-domain samples, 0–1 (speech is mostly 0.02–0.3). */
function rms(samples: Uint8Array): number {
  let sum = 0;
  for (const s of samples) {
    const v = (s - 128) / 128;
    sum += v * v;
  }
  return Math.sqrt(sum / samples.length);
}

/**
 * One microphone recording at a time with MediaRecorder (webm/opus) and a live input level
 * from a Web Audio AnalyserNode. `onRecorded` receives the finished Blob after `stop()`, or
 * when `maxSeconds` are reached. `pause()` and `resume()` hold the recording (MediaRecorder
 * leaves the pause out of the file); `elapsed` counts recorded time only. A refused
 * microphone shows the toast "Mikrofonzugriff fehlgeschlagen".
 */
export function useRecorder(onRecorded: (blob: Blob) => void, { maxSeconds }: { maxSeconds?: number } = {}) {
  const [state, setState] = useState<RecorderState>('idle');
  const [level, setLevel] = useState(0);
  const [elapsed, setElapsed] = useState(0);
  const session = useRef<Session | null>(null);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  }, [onRecorded]);

  const release = useCallback(() => {
    const s = session.current;
    session.current = null;
    if (!s) return;
    cancelAnimationFrame(s.frame);
    window.clearInterval(s.timer);
    for (const track of s.stream.getTracks()) track.stop();
    void s.context?.close().catch(() => undefined);
    setLevel(0);
  }, []);

  const start = useCallback(async () => {
    if (session.current) return;
    setState('requesting');
    let stream: MediaStream;
    try {
      if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') throw new Error('unsupported');
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch {
      setState('idle');
      toast.error('Mikrofonzugriff fehlgeschlagen', {
        description: 'Bitte erlauben Sie den Zugriff auf das Mikrofon in Ihrem Browser und versuchen Sie es erneut.',
      });
      return;
    }
    const options = MediaRecorder.isTypeSupported?.(RECORDING_MIME) ? { mimeType: RECORDING_MIME } : undefined;
    const recorder = new MediaRecorder(stream, options);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    recorder.onstop = () => {
      const blob = new Blob(chunks, { type: recorder.mimeType || RECORDING_MIME });
      release();
      setState('idle');
      onRecordedRef.current(blob);
    };
    const s: Session = { stream, recorder, context: null, frame: 0, timer: 0, recordedMs: 0, stretchFrom: null };
    session.current = s;
    // The level meter is a help, not a requirement: without Web Audio the recording still works.
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (Ctx) {
      try {
        const context = new Ctx();
        const analyser = context.createAnalyser();
        analyser.fftSize = 1024;
        context.createMediaStreamSource(stream).connect(analyser);
        const samples = new Uint8Array(analyser.fftSize);
        s.context = context;
        const tick = () => {
          analyser.getByteTimeDomainData(samples);
          // Speech sits low on a linear scale; a square root spreads it over the bar. Paused, nothing is recorded.
          setLevel(s.stretchFrom === null ? 0 : Math.min(1, Math.sqrt(rms(samples)) * 1.4));
          s.frame = requestAnimationFrame(tick);
        };
        s.frame = requestAnimationFrame(tick);
      } catch {
        s.context = null;
      }
    }
    recorder.start(250);
    s.stretchFrom = performance.now();
    setElapsed(0);
    s.timer = window.setInterval(() => {
      if (s.stretchFrom === null) return;
      const seconds = recordedSeconds(s);
      setElapsed(seconds);
      if (maxSeconds && seconds >= maxSeconds && recorder.state === 'recording') recorder.stop();
    }, 250);
    setState('recording');
  }, [release, maxSeconds]);

  const stop = useCallback(() => {
    const recorder = session.current?.recorder;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  }, []);

  const pause = useCallback(() => {
    const s = session.current;
    if (!s || s.recorder.state !== 'recording' || s.stretchFrom === null) return;
    s.recorder.pause();
    s.recordedMs += performance.now() - s.stretchFrom;
    s.stretchFrom = null;
    setElapsed(s.recordedMs / 1000);
    setState('paused');
  }, []);

  const resume = useCallback(() => {
    const s = session.current;
    if (!s || s.recorder.state !== 'paused') return;
    s.recorder.resume();
    s.stretchFrom = performance.now();
    setState('recording');
  }, []);

  // Leaving the step ends a running recording without keeping it.
  useEffect(
    () => () => {
      const s = session.current;
      if (s) s.recorder.onstop = null;
      if (s && s.recorder.state !== 'inactive') s.recorder.stop();
      release();
    },
    [release],
  );

  return { state, level, elapsed, start, stop, pause, resume };
}
