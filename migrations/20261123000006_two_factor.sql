-- Two-factor sign-in with TOTP (RFC 6238). The secret is sealed with the server's
-- encryption key; recovery codes are stored as SHA-256 and work once; a sign-in that
-- passed the password waits for its code in a short-lived challenge.
CREATE TABLE two_factor (
    user_id     uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    nonce       bytea NOT NULL CHECK (length(nonce) = 12),
    ciphertext  bytea NOT NULL,
    -- NULL while set up but not yet confirmed with a first code.
    enabled_at  timestamptz,
    -- The last time step accepted: a code is never accepted twice.
    last_step   bigint NOT NULL DEFAULT 0,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE recovery_codes (
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash  text NOT NULL,
    used_at    timestamptz,
    PRIMARY KEY (user_id, code_hash)
);

CREATE TABLE two_factor_challenges (
    token_hash  text PRIMARY KEY,
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    attempts    integer NOT NULL DEFAULT 0,
    expires_at  timestamptz NOT NULL
);
