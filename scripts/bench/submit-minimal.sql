-- The smallest form of the submit transaction, for reference: the job row, the
-- conditional debit and the ledger row as three plain statements, without the voice
-- usage record and the data-modifying CTEs the API uses (submit.sql has those). Run with
-- `-M prepared`, as submit.sql.
\set uid random(1, 32)
BEGIN;
INSERT INTO tts_jobs (user_id, text, voice_name, voice_language, voice_type, voice_provider, cost_cent)
    SELECT id, 'pgbench-Auftrag: ein kurzer deutscher Satz.', 'Jonas', 'de-DE', 'public', 'local', 5
    FROM bench_users WHERE n = :uid
    RETURNING id AS job_id, user_id AS uid_uuid \gset
UPDATE users SET balance_cent = balance_cent - 5 WHERE id = :uid_uuid::uuid AND balance_cent >= 5;
INSERT INTO ledger_entries (user_id, amount_cent, kind, job_id) VALUES (:uid_uuid::uuid, -5, 'charge', :job_id::uuid);
END;
