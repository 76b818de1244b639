-- Long-form projects ("Projekte"): a manuscript of up to 500,000 characters in chapters
-- and paragraphs. Each paragraph is spoken as an ordinary job (`tts_jobs`, source
-- 'project'): the same charge through the ledger, queue, retries and refund of a failed
-- one. `job_hash` is the content hash (text, voice, dictionary) the paragraph's job was
-- made for: a paragraph whose hash changed is stale and is rendered (and charged) again,
-- alone. A chapter whose paragraphs are all done is joined into one MP3 with its timed
-- text; `audio_hash` says from which paragraph jobs, so an edit makes it stale too.
CREATE TABLE projects (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title       text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
    voice_id    uuid REFERENCES voices (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_user_idx ON projects (user_id, created_at DESC);

CREATE TABLE project_chapters (
    id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id        uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    position          integer NOT NULL CHECK (position >= 0),
    title             text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
    -- Speaks the chapter instead of the project's voice.
    voice_id          uuid REFERENCES voices (id) ON DELETE SET NULL,
    audio_key         text,
    duration_seconds  double precision,
    timed_text        jsonb,
    audio_hash        text,
    CONSTRAINT project_chapters_position UNIQUE (project_id, position)
);

CREATE TABLE project_paragraphs (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    chapter_id  uuid NOT NULL REFERENCES project_chapters (id) ON DELETE CASCADE,
    position    integer NOT NULL CHECK (position >= 0),
    text        text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 5000),
    characters  integer NOT NULL CHECK (characters > 0),
    -- SHA-256 of the text: the project's page decides what is stale without reading texts.
    text_hash   text NOT NULL,
    -- Speaks the paragraph instead of the chapter's or project's voice (dialogue).
    voice_id    uuid REFERENCES voices (id) ON DELETE SET NULL,
    job_id      uuid REFERENCES tts_jobs (id) ON DELETE SET NULL,
    job_hash    text,
    CONSTRAINT project_paragraphs_position UNIQUE (chapter_id, position)
);
CREATE INDEX project_paragraphs_job_idx ON project_paragraphs (job_id);

-- Exports of a whole project: M4B with chapters, MP3 with ID3 chapter frames, or a ZIP
-- of the chapter MP3s; made by the worker, stored like audios.
CREATE TABLE project_exports (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id    uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    format        text NOT NULL CHECK (format IN ('m4b', 'mp3', 'zip')),
    status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
    progress      double precision NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 1),
    attempts      integer NOT NULL DEFAULT 0,
    heartbeat_at  timestamptz,
    storage_key   text,
    size_bytes    bigint,
    error_message text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    completed_at  timestamptz
);
CREATE INDEX project_exports_project_idx ON project_exports (project_id, created_at DESC);
CREATE INDEX project_exports_unfinished_idx ON project_exports (status, heartbeat_at) WHERE status IN ('pending', 'processing');

ALTER TABLE tts_jobs DROP CONSTRAINT tts_jobs_source_type_check;
ALTER TABLE tts_jobs ADD CONSTRAINT tts_jobs_source_type_check CHECK (source_type IN ('manual', 'api', 'project'));

-- A paragraph's job tells nobody on its own: the project says when a chapter is done
-- (`project.rendered`) and an export when it is ready (`export.completed`).
DROP TRIGGER tts_jobs_webhook_event ON tts_jobs;
CREATE TRIGGER tts_jobs_webhook_event AFTER UPDATE OF status ON tts_jobs
    FOR EACH ROW WHEN (NEW.status IN ('completed', 'failed') AND OLD.status IS DISTINCT FROM NEW.status
                       AND NEW.source_type <> 'project')
    EXECUTE FUNCTION webhook_job_event();
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_event_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_event_check
    CHECK (event IN ('job.completed', 'job.failed', 'ping', 'project.rendered', 'export.completed'));
