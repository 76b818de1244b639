-- Admin user management: accounts can be disabled (no sign-in, sessions ended), balance
-- corrections carry their reason in the ledger, and every admin action is audited.
ALTER TABLE users ADD COLUMN disabled_at timestamptz;
ALTER TABLE ledger_entries ADD COLUMN note text CHECK (char_length(note) <= 500);

CREATE TABLE audit_log (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- Who did it; kept as text too, the actor's account may be deleted later.
    actor_id        uuid REFERENCES users (id) ON DELETE SET NULL,
    actor_email     text NOT NULL,
    action          text NOT NULL CHECK (action IN ('user_created', 'user_updated', 'user_deleted', 'balance_adjusted')),
    -- The account acted on, without a foreign key: the entry outlives a deletion.
    target_user_id  uuid,
    target_email    text,
    before          jsonb,
    after           jsonb,
    reason          text,
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_target_idx ON audit_log (target_user_id, created_at DESC);
