-- The mailed single-use links (e-mail confirmation, sign-in link, password reset) are one
-- concept: a token stored as SHA-256, its purpose, its user and its end.
CREATE TABLE one_time_tokens (
    token_hash  text PRIMARY KEY,
    purpose     text NOT NULL CHECK (purpose IN ('email_confirmation', 'login_link', 'password_reset')),
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at  timestamptz NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX one_time_tokens_user_idx ON one_time_tokens (user_id, purpose);

INSERT INTO one_time_tokens (token_hash, purpose, user_id, expires_at, created_at)
    SELECT token_hash, 'email_confirmation', user_id, expires_at, created_at FROM email_confirmations;
INSERT INTO one_time_tokens (token_hash, purpose, user_id, expires_at, created_at)
    SELECT token_hash, 'login_link', user_id, expires_at, created_at FROM login_links;
INSERT INTO one_time_tokens (token_hash, purpose, user_id, expires_at, created_at)
    SELECT token_hash, 'password_reset', user_id, expires_at, created_at FROM password_resets;

DROP TABLE email_confirmations;
DROP TABLE login_links;
DROP TABLE password_resets;
