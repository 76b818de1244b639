-- Projects, round two.
--
-- A retried `POST /v1/projects` or `POST /v1/projects/{id}/exports` with the same
-- Idempotency-Key finds the row the first request made instead of making a second (the
-- mechanism of `tts_jobs`: the key unique per user, the request's fingerprint beside it,
-- so the same key with another body is refused). A retry therefore neither uses up the
-- 100-project cap twice nor starts a second export.
ALTER TABLE projects
    ADD COLUMN idempotency_key text CHECK (char_length(idempotency_key) BETWEEN 1 AND 255),
    ADD COLUMN request_fingerprint text,
    ADD CONSTRAINT projects_idempotency_key UNIQUE (user_id, idempotency_key);

ALTER TABLE project_exports
    ADD COLUMN idempotency_key text CHECK (char_length(idempotency_key) BETWEEN 1 AND 255),
    ADD COLUMN request_fingerprint text,
    ADD CONSTRAINT project_exports_idempotency_key UNIQUE (user_id, idempotency_key);

-- One unfinished export per format and project. The use case checks it under the owner's
-- lock (and answers a German 409); this index is the guarantee should anything ever
-- insert beside that path.
CREATE UNIQUE INDEX project_exports_one_running_per_format ON project_exports (project_id, format)
    WHERE status IN ('pending', 'processing');
