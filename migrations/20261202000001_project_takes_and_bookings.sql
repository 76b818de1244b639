-- Long-form editing, round three: takes, staleness that follows meaning, one booking per
-- render, delivery per paragraph, dictionary entries for one project.

-- A take is one render of a paragraph: its job, and what it was made from (the text as
-- it was, the voice, the delivery, the dictionary entries that matched the text). The
-- paragraph's `job_id` points at the chosen take; choosing an older one is free, and
-- puts that take's text back. The newest few takes are kept (`domain::project`).
CREATE TABLE project_takes (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    paragraph_id  uuid NOT NULL REFERENCES project_paragraphs (id) ON DELETE CASCADE,
    job_id        uuid NOT NULL UNIQUE REFERENCES tts_jobs (id) ON DELETE CASCADE,
    text          text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 5000),
    characters    integer NOT NULL CHECK (characters > 0),
    text_hash     text NOT NULL,
    voice_id      uuid,
    delivery      jsonb NOT NULL DEFAULT '{}',
    terms         text,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX project_takes_paragraph_idx ON project_takes (paragraph_id, created_at DESC);

-- The takes of paragraphs rendered before: their job, with the text the job spoke.
INSERT INTO project_takes (paragraph_id, job_id, text, characters, text_hash, voice_id, created_at)
SELECT pp.id, j.id, j.text, greatest(1, char_length(j.text)), coalesce(pp.job_text_hash, encode(sha256(convert_to(j.text, 'UTF8')), 'hex')),
       coalesce(pp.job_voice_id, j.voice_id), j.created_at
FROM project_paragraphs pp JOIN tts_jobs j ON j.id = pp.job_id
WHERE char_length(j.text) BETWEEN 1 AND 5000;

-- The chosen take's delivery and matched dictionary entries (its text, voice and whole
-- dictionary are kept already: `job_text_hash`, `job_voice_id`, `job_dictionary`).
-- `terms_now` is the fingerprint of the entries that match the paragraph's text today,
-- kept current by edits and, after a dictionary change, by the project's next read
-- (`projects.dictionary_seen` says for which dictionary it was computed).
ALTER TABLE project_paragraphs
    ADD COLUMN delivery     jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN job_sound    text,
    ADD COLUMN job_terms    text,
    ADD COLUMN terms_now    text;

ALTER TABLE project_chapters
    ADD COLUMN pause_after_ms integer NOT NULL DEFAULT 0 CHECK (pause_after_ms BETWEEN 0 AND 10000),
    -- Where each paragraph sits in the joined audio: [{paragraph_id, job_id, start_ms, end_ms}].
    ADD COLUMN audio_parts jsonb;

ALTER TABLE projects ADD COLUMN dictionary_seen text;

-- One render of a chapter is one booking: "Projekt »…« · Kapitel 2 · 4 Absätze".
CREATE TABLE project_renders (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id  uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    chapter_id  uuid REFERENCES project_chapters (id) ON DELETE SET NULL,
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name        text NOT NULL CHECK (char_length(name) <= 500),
    paragraphs  integer NOT NULL CHECK (paragraphs > 0),
    cost_cent   bigint NOT NULL CHECK (cost_cent > 0),
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX project_renders_project_idx ON project_renders (project_id, created_at DESC);
ALTER TABLE project_takes ADD COLUMN render_id uuid REFERENCES project_renders (id) ON DELETE SET NULL;

-- The ledger names a project's bookings and keeps them when the project goes: the render
-- is booked once (its own kind), a failed paragraph's refund points at its job and, by
-- `project_render_id`, at the render it was part of.
ALTER TABLE ledger_entries
    ADD COLUMN project_render_id uuid REFERENCES project_renders (id) ON DELETE SET NULL,
    ADD COLUMN project_id uuid REFERENCES projects (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX ledger_one_booking_per_render ON ledger_entries (project_render_id) WHERE kind = 'project_render';
CREATE INDEX ledger_project_idx ON ledger_entries (project_id) WHERE project_id IS NOT NULL;
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN
    ('signup_bonus', 'charge', 'refund', 'clone_fee', 'top_up', 'admin_adjustment', 'permanent_save', 'project_render'));
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_sign_matches_kind;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_sign_matches_kind CHECK (
    (kind IN ('charge', 'clone_fee', 'permanent_save', 'project_render') AND amount_cent < 0)
    OR (kind IN ('signup_bonus', 'refund', 'top_up') AND amount_cent > 0)
    OR kind = 'admin_adjustment');

-- Dictionary entries for one project, beside the user's own and the global ones.
ALTER TABLE pronunciation_entries ADD COLUMN project_id uuid REFERENCES projects (id) ON DELETE CASCADE;
DROP INDEX pronunciation_entries_user_term_idx;
CREATE UNIQUE INDEX pronunciation_entries_user_term_idx ON pronunciation_entries (user_id, lower(term))
    WHERE user_id IS NOT NULL AND project_id IS NULL;
CREATE UNIQUE INDEX pronunciation_entries_project_term_idx ON pronunciation_entries (project_id, lower(term))
    WHERE project_id IS NOT NULL;
ALTER TABLE pronunciation_entries ADD CONSTRAINT pronunciation_entries_project_has_owner
    CHECK (project_id IS NULL OR user_id IS NOT NULL);
