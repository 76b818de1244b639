-- The submit transaction of POST /api/jobs without HTTP, statement for statement as
-- the API sends it (db::jobs::insert, then db::ledger::debit): the job row with its
-- voice usage record, then the conditional debit with its ledger row. pgbench runs it
-- as the baseline for the API's submit throughput. `bench_users` is filled by
-- stimmwerk-bench with its accounts and the voice it uses. Run with `-M prepared`: the
-- API sends prepared statements too.
\set uid random(1, 32)
BEGIN;
WITH job AS (
    INSERT INTO tts_jobs (id, user_id, text, voice_id, voice_name, voice_language, voice_type,
                          voice_provider, options, cost_cent, source_type, idempotency_key,
                          request_fingerprint, enqueued_at)
    SELECT gen_random_uuid(), id, 'pgbench-Auftrag Nummer 1: ein kurzer deutscher Satz.', voice, 'Jonas',
           'de-DE', 'public', 'local', '{}', 5, 'manual', NULL, md5(random()::text), now()
    FROM bench_users WHERE n = :uid
    ON CONFLICT ON CONSTRAINT tts_jobs_idempotency_key DO NOTHING
    RETURNING *
), used AS (
    INSERT INTO voice_usage_analytics (voice_id, user_id, job_id, characters)
    SELECT voice_id, user_id, id, 54 FROM job
)
SELECT id AS job_id, user_id AS uid_uuid FROM job \gset
WITH booked AS (
    UPDATE users SET balance_cent = balance_cent - 5
    WHERE id = :uid_uuid::uuid AND balance_cent - 5 >= 0
    RETURNING id, balance_cent
), entry AS (
    INSERT INTO ledger_entries (user_id, amount_cent, kind, job_id)
    SELECT id, -5, 'charge', :job_id::uuid FROM booked
)
SELECT balance_cent FROM booked;
END;
