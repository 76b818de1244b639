-- Provider API keys entered by an admin, encrypted at rest (ChaCha20-Poly1305, key from
-- the environment). Only the last four characters are kept in clear, for display.
CREATE TABLE provider_keys (
    service     text PRIMARY KEY CHECK (service IN ('openai_tts', 'gemini_tts', 'cloud_tts', 'murf_tts', 'stripe')),
    nonce       bytea NOT NULL CHECK (length(nonce) = 12),
    ciphertext  bytea NOT NULL,
    last4       text NOT NULL,
    updated_by  uuid REFERENCES users (id) ON DELETE SET NULL,
    updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Admin settings need a password re-entry within the last minutes (re-authentication).
ALTER TABLE sessions ADD COLUMN reauthenticated_at timestamptz;
