-- A finished export is an audio of the library: listed, searched, categorised, tagged,
-- trashed and purged like any other. It is a `tts_jobs` row of source 'export', written
-- completed in the transaction that completes the export (no queue, sweep or webhook
-- ever sees it unfinished), cost 0 (the chapters were charged), and its file is the
-- export's file. `project_exports.job_id` points at it: purging the audio removes the
-- export with it, and pruning or deleting the project removes the audio.

ALTER TABLE tts_jobs DROP CONSTRAINT tts_jobs_source_type_check;
ALTER TABLE tts_jobs ADD CONSTRAINT tts_jobs_source_type_check
    CHECK (source_type IN ('manual', 'api', 'project', 'export'));

-- What the stored file is: every generated audio is an MP3; an export may be an M4B
-- audiobook or a ZIP of the chapters.
ALTER TABLE tts_jobs ADD COLUMN file_format text NOT NULL DEFAULT 'mp3'
    CONSTRAINT tts_jobs_file_format_check CHECK (file_format IN ('mp3', 'm4b', 'zip'));

ALTER TABLE project_exports ADD COLUMN job_id uuid
    CONSTRAINT project_exports_job_id_key UNIQUE
    CONSTRAINT project_exports_job_id_fkey REFERENCES tts_jobs (id) ON DELETE CASCADE;

-- An export tells through `export.completed`, not as a job.
DROP TRIGGER tts_jobs_webhook_event ON tts_jobs;
CREATE TRIGGER tts_jobs_webhook_event AFTER UPDATE OF status ON tts_jobs
    FOR EACH ROW WHEN (NEW.status IN ('completed', 'failed') AND OLD.status IS DISTINCT FROM NEW.status
                       AND NEW.source_type NOT IN ('project', 'export'))
    EXECUTE FUNCTION webhook_job_event();

-- The stats count an export as an audio (with its length) but not its title as
-- characters spent.
CREATE OR REPLACE FUNCTION library_counts_move(added tts_jobs[], removed tts_jobs[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    WITH changed AS (
        SELECT a.*, 1 AS sign, a.source_type <> 'project' AS listed FROM unnest(added) a
        UNION ALL
        SELECT r.*, -1 AS sign, r.source_type <> 'project' AS listed FROM unnest(removed) r
    ), delta AS (
        SELECT user_id, (created_at AT TIME ZONE 'Europe/Berlin')::date AS day,
               sum(CASE WHEN listed THEN sign ELSE 0 END)::bigint AS audios,
               sum(CASE WHEN listed AND deleted_at IS NULL THEN sign ELSE 0 END)::bigint AS active_audios,
               sum(CASE WHEN listed AND status = 'completed' THEN sign ELSE 0 END)::bigint AS completed_audios,
               sum(CASE WHEN source_type = 'api' THEN sign ELSE 0 END)::bigint AS api_requests,
               sum(CASE WHEN listed AND voice_type = 'clone' AND deleted_at IS NULL THEN sign ELSE 0 END)::bigint
                   AS clone_audios,
               sum(CASE WHEN status <> 'failed' THEN sign * cost_cent ELSE 0 END)::bigint AS cost_cent,
               sum(CASE WHEN status <> 'failed' AND source_type <> 'export' THEN sign * char_length(text) ELSE 0 END)::bigint
                   AS characters
        FROM changed
        GROUP BY 1, 2
    )
    INSERT INTO library_counts AS c
    SELECT * FROM delta d
    WHERE (d.audios, d.active_audios, d.completed_audios, d.api_requests, d.clone_audios, d.cost_cent, d.characters)
          IS DISTINCT FROM (0, 0, 0, 0, 0, 0, 0)
      -- A user deleted in this statement takes its counters along (ON DELETE CASCADE).
      AND EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
    ORDER BY d.user_id, d.day
    ON CONFLICT (user_id, day) DO UPDATE SET
        audios = c.audios + EXCLUDED.audios,
        active_audios = c.active_audios + EXCLUDED.active_audios,
        completed_audios = c.completed_audios + EXCLUDED.completed_audios,
        api_requests = c.api_requests + EXCLUDED.api_requests,
        clone_audios = c.clone_audios + EXCLUDED.clone_audios,
        cost_cent = c.cost_cent + EXCLUDED.cost_cent,
        characters = c.characters + EXCLUDED.characters;
END
$$;

ALTER FUNCTION library_counts_move SET plan_cache_mode = force_generic_plan;
