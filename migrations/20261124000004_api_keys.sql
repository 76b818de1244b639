-- API keys for the developer API: several per user, each named, shown once, stored as a
-- SHA-256 hash (a key carries 256 bits of entropy) with its visible prefix for the list.
-- They replace the unused single-key columns on users.
ALTER TABLE users DROP COLUMN api_key_prefix, DROP COLUMN api_key_hash;

CREATE TABLE api_keys (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name         text NOT NULL CHECK (btrim(name) <> '' AND char_length(name) <= 80),
    -- The first characters of the key ("sw_" and 9 more), shown in lists and examples.
    prefix       text NOT NULL,
    key_hash     text NOT NULL UNIQUE,
    created_at   timestamptz NOT NULL DEFAULT now(),
    -- Written at most once a minute per key, so busy keys do not write on every request.
    last_used_at timestamptz,
    revoked_at   timestamptz
);
CREATE INDEX api_keys_user_idx ON api_keys (user_id, created_at DESC);
