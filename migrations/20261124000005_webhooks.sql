-- Outgoing webhooks: one endpoint per user, and a delivery row per event. A trigger
-- writes the delivery in the same transaction as the job's final status change, so no
-- completed or failed job can miss its event, whichever code path finished it.
CREATE TABLE webhook_endpoints (
    user_id     uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    url         text NOT NULL CHECK (char_length(url) <= 2000),
    -- The signing secret, sealed with the server key (ChaCha20-Poly1305).
    nonce       bytea NOT NULL CHECK (length(nonce) = 12),
    ciphertext  bytea NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_deliveries (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id          uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    job_id           uuid REFERENCES tts_jobs (id) ON DELETE SET NULL,
    event            text NOT NULL CHECK (event IN ('job.completed', 'job.failed', 'ping')),
    payload          jsonb NOT NULL,
    status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivering', 'delivered', 'failed')),
    attempts         integer NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    -- Retries stop here (24 h after the event, or after a resend).
    give_up_at       timestamptz NOT NULL DEFAULT now() + interval '24 hours',
    heartbeat_at     timestamptz,
    last_status_code integer,
    last_error       text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    delivered_at     timestamptz
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_user_idx ON webhook_deliveries (user_id, created_at DESC, id DESC);

CREATE FUNCTION webhook_job_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO webhook_deliveries (user_id, job_id, event, payload)
    SELECT NEW.user_id, NEW.id, 'job.' || NEW.status,
           jsonb_build_object(
               'type', 'job.' || NEW.status,
               'created_at', now(),
               'data', jsonb_build_object('job', jsonb_build_object(
                   'id', NEW.id,
                   'status', NEW.status,
                   'text', left(NEW.text, 100),
                   'voice', NEW.voice_name,
                   'source', NEW.source_type,
                   'cost_cent', NEW.cost_cent,
                   'duration_seconds', NEW.duration_seconds,
                   'error_message', NEW.error_message,
                   'created_at', NEW.created_at,
                   'completed_at', NEW.completed_at,
                   'audio_url', CASE WHEN NEW.status = 'completed' THEN '/v1/jobs/' || NEW.id || '/audio' END)))
    FROM webhook_endpoints e WHERE e.user_id = NEW.user_id;
    RETURN NULL;
END
$$;

CREATE TRIGGER tts_jobs_webhook_event AFTER UPDATE OF status ON tts_jobs
    FOR EACH ROW WHEN (NEW.status IN ('completed', 'failed') AND OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION webhook_job_event();
