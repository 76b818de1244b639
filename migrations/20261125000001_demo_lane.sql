-- The live demo's requests on their way through the worker's priority lane. A row lives
-- seconds: the API inserts it and waits, a worker fills in the audio or the error, the
-- API takes the answer and deletes the row. Rows a visitor stopped waiting for are
-- purged by the sweep.
CREATE TABLE demo_requests (
    id               uuid PRIMARY KEY,
    voice_id         uuid NOT NULL REFERENCES voices (id) ON DELETE CASCADE,
    text             text NOT NULL,
    rate             real,
    status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
    audio            bytea,
    duration_seconds double precision,
    error_message    text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT demo_requests_completed_has_audio CHECK (status <> 'completed' OR audio IS NOT NULL)
);

CREATE INDEX demo_requests_created_idx ON demo_requests (created_at);
