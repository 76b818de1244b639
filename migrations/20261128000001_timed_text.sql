-- When each sentence (and, where the engine tells, each word) of a job's audio is spoken:
-- `domain::timed_text::TimedText` as JSON, written with the audio, read for the player's
-- highlighting and for subtitles (`GET /v1/jobs/{id}/timestamps`, `…/subtitles`). Kept
-- beside the job, not in it, so the library's lists never read it.
CREATE TABLE tts_job_timed_texts (
    job_id uuid PRIMARY KEY REFERENCES tts_jobs (id) ON DELETE CASCADE,
    timed_text jsonb NOT NULL
);
