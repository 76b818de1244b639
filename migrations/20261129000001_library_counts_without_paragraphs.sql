-- A project's paragraphs are jobs (charged, retried, refunded like any other) but not
-- audios of the library: the list never showed them, yet the stats counted them, so a
-- book of 500 paragraphs made "500 Audios" appear over an empty list. They still count
-- where money is counted (cost and characters: what the user spent).

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
               sum(CASE WHEN status <> 'failed' THEN sign * char_length(text) ELSE 0 END)::bigint AS characters
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

-- A replaced function loses its settings: plan once per session, as before.
ALTER FUNCTION library_counts_move SET plan_cache_mode = force_generic_plan;

-- The counters again, from the rows as they are.
TRUNCATE library_counts;
SELECT library_counts_move(ARRAY(SELECT j FROM tts_jobs j), NULL::tts_jobs[]);
