-- The audio library: permanent save, expiry, the trash, categories and tags, and the
-- indexes its lists and searches run on (a user may hold 50,000 audios).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- "Dauerhaft speichern": once per audio, paid through the ledger; a saved audio never
-- expires. save_category is the dialog's choice.
ALTER TABLE tts_jobs
    ADD COLUMN saved_at timestamptz,
    ADD COLUMN save_category text
        CHECK (save_category IN ('audio', 'podcast', 'voiceover', 'training', 'demo')),
    ADD CONSTRAINT tts_jobs_saved_has_category CHECK ((saved_at IS NULL) = (save_category IS NULL));

-- Keyset paging on (created_at, id) for every list, with and without the trash.
DROP INDEX tts_jobs_user_created_idx;
CREATE INDEX tts_jobs_user_created_idx ON tts_jobs (user_id, created_at DESC, id DESC);
CREATE INDEX tts_jobs_user_active_idx ON tts_jobs (user_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
-- Case-insensitive substring search on text and speaker.
CREATE INDEX tts_jobs_text_trgm_idx ON tts_jobs USING gin (text gin_trgm_ops);
CREATE INDEX tts_jobs_voice_name_trgm_idx ON tts_jobs USING gin (voice_name gin_trgm_ops);
-- The expiry job's batches: first the audios to mark expired, then the files of
-- expired audios still to delete (the key is cleared once the file is gone).
CREATE INDEX tts_jobs_expiring_idx ON tts_jobs (expires_at)
    WHERE status = 'completed' AND NOT is_expired AND saved_at IS NULL;
CREATE INDEX tts_jobs_expired_files_idx ON tts_jobs (id) WHERE is_expired AND audio_key IS NOT NULL;
ALTER TABLE tts_jobs DROP CONSTRAINT tts_jobs_completed_has_audio;
ALTER TABLE tts_jobs ADD CONSTRAINT tts_jobs_completed_has_audio CHECK (
    status <> 'completed' OR (duration_seconds IS NOT NULL AND (audio_key IS NOT NULL OR is_expired)));
-- Filters that join from the assignment side reach the job by its key.
CREATE INDEX audio_categories_category_job_idx ON audio_categories (category_id, job_id);
DROP INDEX audio_categories_category_idx;
CREATE INDEX audio_tags_tag_job_idx ON audio_tags (tag_id, job_id);
DROP INDEX audio_tags_tag_idx;

-- A name is used once per owner (and once among the global ones) and parent.
CREATE UNIQUE INDEX categories_scope_name_key ON categories (
    coalesce(user_id, '00000000-0000-0000-0000-000000000000'::uuid),
    coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid),
    lower(name));
DROP INDEX categories_user_name_idx;
CREATE INDEX categories_user_idx ON categories (user_id);
CREATE UNIQUE INDEX tags_global_name_key ON tags (lower(name)) WHERE user_id IS NULL;
ALTER TABLE categories ADD CONSTRAINT categories_not_own_parent CHECK (parent_id <> id);
ALTER TABLE categories ADD CONSTRAINT categories_name_length CHECK (char_length(name) <= 80);
ALTER TABLE tags ADD CONSTRAINT tags_name_length CHECK (char_length(name) <= 50);

-- A permanent save is booked like any charge: one per audio.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN
    ('signup_bonus', 'charge', 'refund', 'clone_fee', 'top_up', 'admin_adjustment', 'permanent_save'));
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_sign_matches_kind;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_sign_matches_kind CHECK (
    (kind IN ('charge', 'clone_fee', 'permanent_save') AND amount_cent < 0)
    OR (kind IN ('signup_bonus', 'refund', 'top_up') AND amount_cent > 0)
    OR kind = 'admin_adjustment');
CREATE UNIQUE INDEX ledger_one_save_per_job ON ledger_entries (job_id) WHERE kind = 'permanent_save';
