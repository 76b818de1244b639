-- A clone's training runs get their own table. The voice row keeps what the voice is: its
-- state (`training_status`: needs training, in training, usable, failed) and the number of
-- its current run (`training_run`), the one fact a worker's writes are checked against.
-- Everything a run records while it goes (claim, heartbeat, attempts, progress, the
-- provider's training, the error) lives here, one row per run, so a cancelled run's row
-- stays as it ended instead of being overwritten by the next.
CREATE TABLE clone_trainings (
    voice_id      uuid NOT NULL REFERENCES voices (id) ON DELETE CASCADE,
    run           integer NOT NULL CHECK (run > 0),
    status        text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'completed', 'failed', 'cancelled')),
    engine        text NOT NULL CHECK (engine IN ('local', 'elevenlabs', 'replicate')),
    total_steps   integer NOT NULL CHECK (total_steps >= 0),
    current_step  integer NOT NULL DEFAULT 0 CHECK (current_step >= 0),
    progress      integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    -- A provider's running training (Replicate prediction id): a restarted worker polls it
    -- instead of starting (and paying for) a second one.
    provider_ref  text,
    error         text,
    started_at    timestamptz NOT NULL DEFAULT now(),
    heartbeat_at  timestamptz,
    attempts      integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    finished_at   timestamptz,
    PRIMARY KEY (voice_id, run)
);
-- A clone has at most one running run: every start goes through the voice row's state.
CREATE UNIQUE INDEX clone_trainings_one_running_idx ON clone_trainings (voice_id) WHERE status = 'running';
-- Runs no worker holds (the sweep looks for them).
CREATE INDEX clone_trainings_running_idx ON clone_trainings (heartbeat_at) WHERE status = 'running';

-- The runs of today's clones: the current run of every clone that started one.
INSERT INTO clone_trainings (voice_id, run, status, engine, total_steps, current_step, progress, provider_ref,
                             error, started_at, heartbeat_at, attempts, finished_at)
SELECT id, GREATEST(training_run, 1),
       CASE training_status WHEN 'completed' THEN 'completed' WHEN 'failed' THEN 'failed' ELSE 'running' END,
       clone_engine, total_training_steps, current_training_step, training_progress, training_ref,
       training_error, COALESCE(training_started_at, created_at), training_heartbeat_at, training_attempts,
       CASE WHEN training_status IN ('completed', 'failed') THEN COALESCE(completed_at, now()) END
FROM voices
WHERE type = 'clone' AND training_status IN ('training', 'training_in_progress', 'completed', 'failed');
UPDATE voices SET training_run = GREATEST(training_run, 1)
WHERE type = 'clone' AND training_status IN ('training', 'training_in_progress', 'completed', 'failed');

ALTER TABLE voices
    DROP COLUMN training_progress,
    DROP COLUMN current_training_step,
    DROP COLUMN total_training_steps,
    DROP COLUMN training_ref,
    DROP COLUMN training_error,
    DROP COLUMN training_started_at,
    DROP COLUMN training_heartbeat_at,
    DROP COLUMN training_attempts;
