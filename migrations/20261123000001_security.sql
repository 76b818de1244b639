-- Security review fixes.

-- E-mail addresses are normalised once in Rust (shared::domain::email) and compared
-- exactly: one spelling, one identity (Postgres lower() and Rust disagree on some
-- letters, e.g. U+0130).
UPDATE users SET email = lower(email) WHERE email <> lower(email);
DROP INDEX users_email_key;
ALTER TABLE users ADD CONSTRAINT users_email_key UNIQUE (email);
ALTER TABLE users ADD CONSTRAINT users_email_normalised CHECK (email = lower(email) AND email !~ '\s');

-- The ledger is the audit trail of money: a refund keeps the id of the job it refunds
-- even after the job was deleted for good.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_job_id_fkey;

-- Mailed one-time sign-in links: the owner of an address gets in while its password
-- sign-in is slowed down by someone else's failed attempts.
CREATE TABLE login_links (
    token_hash  text PRIMARY KEY,
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at  timestamptz NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_links_user_idx ON login_links (user_id);

-- The start credit is granted on confirmation, once per mailbox (the address without
-- its +tag), however often the mailbox signs up.
CREATE TABLE signup_bonuses (
    mailbox     text PRIMARY KEY,
    user_id     uuid REFERENCES users (id) ON DELETE SET NULL,
    granted_at  timestamptz NOT NULL DEFAULT now()
);
