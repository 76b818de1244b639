-- Stimmwerk schema: every entity of the product spec, section 3.
-- Status-like columns are TEXT with CHECK constraints (readable with sqlx::query!, easy to extend).

CREATE TABLE users (
    id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name                text NOT NULL CHECK (btrim(name) <> ''),
    email               text NOT NULL CHECK (position('@' IN email) > 1),
    organization        text NOT NULL CHECK (btrim(organization) <> ''),
    password_hash       text NOT NULL,
    role                text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
    -- Money is integer cents; the ledger below explains every change.
    balance_cent        bigint NOT NULL DEFAULT 0 CHECK (balance_cent >= 0),
    email_confirmed_at  timestamptz,
    -- API keys are stored as a SHA-256 hash with a visible lookup prefix (shown once).
    api_key_prefix      text UNIQUE,
    api_key_hash        text,
    created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_created_at_idx ON users (created_at DESC);

CREATE TABLE email_confirmations (
    token_hash  text PRIMARY KEY,
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at  timestamptz NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_confirmations_user_idx ON email_confirmations (user_id);

CREATE TABLE sessions (
    token_hash    text PRIMARY KEY,
    user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at    timestamptz NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE voices (
    id                        uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    -- Stock voices carry the stable key of the catalogue file; clones have none.
    catalogue_key             text UNIQUE,
    name                      text NOT NULL CHECK (btrim(name) <> ''),
    description               text,
    cloned_from               text,
    type                      text NOT NULL CHECK (type IN ('public', 'clone')),
    provider                  text NOT NULL CHECK (provider IN ('local', 'openai_tts', 'gemini_tts', 'cloud_tts', 'murf_tts', 'clone')),
    api_name                  text,
    language                  text NOT NULL,
    gender                    text CHECK (gender IN ('male', 'female')),
    avatar                    text,
    is_demo                   boolean NOT NULL DEFAULT false,
    is_active                 boolean NOT NULL DEFAULT true,
    sort_order                integer NOT NULL DEFAULT 0,
    owner_id                  uuid REFERENCES users (id) ON DELETE CASCADE,
    model_id                  text,
    training_status           text CHECK (training_status IN ('training_needed', 'training', 'training_in_progress', 'completed', 'failed')),
    training_progress         integer NOT NULL DEFAULT 0 CHECK (training_progress BETWEEN 0 AND 100),
    current_training_step     integer NOT NULL DEFAULT 0 CHECK (current_training_step >= 0),
    total_training_steps      integer NOT NULL DEFAULT 15 CHECK (total_training_steps >= 0),
    is_global                 boolean NOT NULL DEFAULT false,
    consent_given             boolean NOT NULL DEFAULT false,
    consent_date              timestamptz,
    organization_access_only  boolean NOT NULL DEFAULT true,
    teleprompter_text_size    integer NOT NULL DEFAULT 16 CHECK (teleprompter_text_size BETWEEN 12 AND 24),
    teleprompter_scroll_speed integer NOT NULL DEFAULT 50 CHECK (teleprompter_scroll_speed BETWEEN 10 AND 100),
    times_used                integer NOT NULL DEFAULT 0 CHECK (times_used >= 0),
    last_used_at              timestamptz,
    license_type              text,
    created_at                timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT voices_clone_has_owner CHECK ((type = 'clone') = (owner_id IS NOT NULL)),
    CONSTRAINT voices_public_in_catalogue CHECK ((type = 'public') = (catalogue_key IS NOT NULL))
);
CREATE INDEX voices_owner_idx ON voices (owner_id, created_at DESC) WHERE owner_id IS NOT NULL;
CREATE INDEX voices_language_idx ON voices (language, sort_order);

CREATE TABLE voice_training_texts (
    step_number                 integer PRIMARY KEY CHECK (step_number > 0),
    title                       text NOT NULL,
    content                     text NOT NULL,
    estimated_duration_minutes  integer NOT NULL CHECK (estimated_duration_minutes > 0)
);

CREATE TABLE voice_training_samples (
    id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    voice_id          uuid NOT NULL REFERENCES voices (id) ON DELETE CASCADE,
    user_id           uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    audio_path        text NOT NULL,
    transcript        text,
    file_size_bytes   bigint NOT NULL CHECK (file_size_bytes >= 0),
    duration_seconds  double precision CHECK (duration_seconds >= 0),
    status            text NOT NULL DEFAULT 'uploaded' CHECK (status IN ('uploaded', 'processed', 'failed')),
    created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX voice_training_samples_voice_idx ON voice_training_samples (voice_id, created_at DESC);
CREATE INDEX voice_training_samples_user_idx ON voice_training_samples (user_id);

CREATE TABLE tts_jobs (
    id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id               uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    text                  text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 5000),
    -- The voice may be deleted later (admin delete of a clone); the job keeps a snapshot.
    voice_id              uuid REFERENCES voices (id) ON DELETE SET NULL,
    voice_name            text NOT NULL,
    voice_language        text NOT NULL,
    voice_type            text NOT NULL CHECK (voice_type IN ('public', 'clone')),
    voice_provider        text NOT NULL,
    options               jsonb NOT NULL DEFAULT '{}'::jsonb,
    status                text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
    cost_cent             bigint NOT NULL DEFAULT 0 CHECK (cost_cent >= 0),
    source_type           text NOT NULL DEFAULT 'manual' CHECK (source_type IN ('manual', 'api')),
    idempotency_key       text CHECK (char_length(idempotency_key) BETWEEN 1 AND 255),
    request_fingerprint   text,
    audio_key             text,
    duration_seconds      double precision CHECK (duration_seconds >= 0),
    error_message         text,
    attempts              integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    enqueued_at           timestamptz,
    started_at            timestamptz,
    heartbeat_at          timestamptz,
    completed_at          timestamptz,
    expires_at            timestamptz,
    is_expired            boolean NOT NULL DEFAULT false,
    is_in_knowledge_base  boolean NOT NULL DEFAULT true,
    deleted_at            timestamptz,
    created_at            timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT tts_jobs_idempotency_key UNIQUE (user_id, idempotency_key),
    CONSTRAINT tts_jobs_completed_has_audio CHECK (status <> 'completed' OR (audio_key IS NOT NULL AND duration_seconds IS NOT NULL))
);
CREATE INDEX tts_jobs_user_created_idx ON tts_jobs (user_id, created_at DESC);
CREATE INDEX tts_jobs_unfinished_idx ON tts_jobs (status, heartbeat_at) WHERE status IN ('pending', 'processing');
CREATE INDEX tts_jobs_voice_idx ON tts_jobs (voice_id);

-- The ledger: every change of users.balance_cent is one row here, written in the same
-- transaction, so balance_cent = SUM(amount_cent) per user at all times.
CREATE TABLE ledger_entries (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    amount_cent  bigint NOT NULL CHECK (amount_cent <> 0),
    kind         text NOT NULL CHECK (kind IN ('signup_bonus', 'charge', 'refund', 'clone_fee', 'top_up', 'admin_adjustment')),
    job_id       uuid REFERENCES tts_jobs (id) ON DELETE SET NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT ledger_sign_matches_kind CHECK (
        (kind IN ('charge', 'clone_fee') AND amount_cent < 0)
        OR (kind IN ('signup_bonus', 'refund', 'top_up') AND amount_cent > 0)
        OR kind = 'admin_adjustment')
);
-- A job is charged at most once and refunded at most once.
CREATE UNIQUE INDEX ledger_one_charge_per_job ON ledger_entries (job_id) WHERE kind = 'charge';
CREATE UNIQUE INDEX ledger_one_refund_per_job ON ledger_entries (job_id) WHERE kind = 'refund';
CREATE UNIQUE INDEX ledger_one_signup_bonus ON ledger_entries (user_id) WHERE kind = 'signup_bonus';
CREATE INDEX ledger_user_created_idx ON ledger_entries (user_id, created_at DESC);

-- The spec's usage_logs are the charge rows of the ledger.
CREATE VIEW usage_logs AS
    SELECT id, user_id, -amount_cent AS cost_cent, job_id, created_at
    FROM ledger_entries
    WHERE kind = 'charge';

CREATE TABLE categories (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name        text NOT NULL CHECK (btrim(name) <> ''),
    parent_id   uuid REFERENCES categories (id) ON DELETE CASCADE,
    user_id     uuid REFERENCES users (id) ON DELETE CASCADE,
    is_global   boolean NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT categories_owner CHECK (is_global OR user_id IS NOT NULL)
);
CREATE INDEX categories_user_name_idx ON categories (user_id, name);
CREATE INDEX categories_parent_idx ON categories (parent_id);

CREATE TABLE tags (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name        text NOT NULL CHECK (btrim(name) <> ''),
    user_id     uuid REFERENCES users (id) ON DELETE CASCADE,
    is_global   boolean NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT tags_owner CHECK (is_global OR user_id IS NOT NULL)
);
CREATE UNIQUE INDEX tags_user_name_key ON tags (user_id, lower(name));

CREATE TABLE audio_categories (
    job_id       uuid NOT NULL REFERENCES tts_jobs (id) ON DELETE CASCADE,
    category_id  uuid NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    PRIMARY KEY (job_id, category_id)
);
CREATE INDEX audio_categories_category_idx ON audio_categories (category_id);

CREATE TABLE audio_tags (
    job_id  uuid NOT NULL REFERENCES tts_jobs (id) ON DELETE CASCADE,
    tag_id  uuid NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
    PRIMARY KEY (job_id, tag_id)
);
CREATE INDEX audio_tags_tag_idx ON audio_tags (tag_id);

CREATE TABLE voice_usage_analytics (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    voice_id    uuid NOT NULL REFERENCES voices (id) ON DELETE CASCADE,
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    job_id      uuid REFERENCES tts_jobs (id) ON DELETE SET NULL,
    characters  integer NOT NULL CHECK (characters >= 0),
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX voice_usage_analytics_voice_idx ON voice_usage_analytics (voice_id, created_at DESC);
CREATE INDEX voice_usage_analytics_user_idx ON voice_usage_analytics (user_id, created_at DESC);

CREATE TABLE voice_shares (
    id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    voice_id              uuid NOT NULL REFERENCES voices (id) ON DELETE CASCADE,
    shared_with_user_id   uuid REFERENCES users (id) ON DELETE CASCADE,
    shared_with_org       text,
    created_at            timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT voice_shares_target CHECK (shared_with_user_id IS NOT NULL OR shared_with_org IS NOT NULL)
);
CREATE INDEX voice_shares_voice_idx ON voice_shares (voice_id);
CREATE INDEX voice_shares_user_idx ON voice_shares (shared_with_user_id);

CREATE TABLE voice_quality_metrics (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    voice_id     uuid NOT NULL REFERENCES voices (id) ON DELETE CASCADE,
    metric       text NOT NULL,
    value        double precision NOT NULL,
    measured_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX voice_quality_metrics_voice_idx ON voice_quality_metrics (voice_id, measured_at DESC);
