-- Voice cloning: which engine made a clone and its handle there, the training run (claimed
-- by a conditional update and kept alive by a heartbeat, like generation jobs), the
-- consent as given, the monthly fee's paid period, and the samples' kind and step.
ALTER TABLE voices
    ADD COLUMN clone_engine          text CHECK (clone_engine IN ('local', 'elevenlabs', 'replicate')),
    -- How the engine speaks the clone (see shared::cloning::voice_ref), set when training ends.
    ADD COLUMN clone_ref             text,
    -- The provider's own voice id (ElevenLabs), deleted there with the clone.
    ADD COLUMN provider_voice_id     text,
    -- A provider's running training (Replicate prediction id): a restarted worker polls it
    -- instead of starting (and paying for) a second one.
    ADD COLUMN training_ref          text,
    ADD COLUMN training_error        text,
    ADD COLUMN training_started_at   timestamptz,
    ADD COLUMN training_heartbeat_at timestamptz,
    ADD COLUMN training_attempts     integer NOT NULL DEFAULT 0,
    -- Bumped by every start, cancel and reset: a worker still busy with an older run sees
    -- the change and lets its result go.
    ADD COLUMN training_run          integer NOT NULL DEFAULT 0,
    ADD COLUMN completed_at          timestamptz,
    -- The monthly fee is paid up to here; a clone whose fee could not be taken is paused.
    ADD COLUMN paid_until            timestamptz,
    ADD COLUMN fee_paused            boolean NOT NULL DEFAULT false,
    ADD COLUMN consent_text          text,
    ADD COLUMN tags                  text[] NOT NULL DEFAULT '{}',
    ADD CONSTRAINT voices_clone_has_engine CHECK ((type = 'clone') = (clone_engine IS NOT NULL));

-- Clones still training (the sweep and the stuck card look for them).
CREATE INDEX voices_training_idx ON voices (training_heartbeat_at) WHERE training_status = 'training_in_progress';
-- Clones the daily fee job looks at.
CREATE INDEX voices_fee_idx ON voices (paid_until) WHERE type = 'clone' AND training_status = 'completed';

ALTER TABLE voice_training_samples
    ADD COLUMN kind text NOT NULL DEFAULT 'training' CHECK (kind IN ('training', 'consent')),
    ADD COLUMN step integer NOT NULL DEFAULT 0 CHECK (step >= 0);
-- A new recording of a step replaces the old one.
CREATE UNIQUE INDEX voice_training_samples_step_idx ON voice_training_samples (voice_id, kind, step);

-- A clone's fee is booked once per clone and period (the daily job may run twice, or in
-- two workers at once).
ALTER TABLE ledger_entries
    ADD COLUMN voice_id     uuid REFERENCES voices (id) ON DELETE SET NULL,
    ADD COLUMN period_start timestamptz;
CREATE UNIQUE INDEX ledger_one_fee_per_clone_period ON ledger_entries (voice_id, period_start) WHERE kind = 'clone_fee';
