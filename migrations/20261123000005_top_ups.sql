-- Top-ups through Stripe Checkout. A top-up is credited exactly once: its status moves
-- pending -> paid by a conditional update, the ledger has one top_up row per top-up, and
-- every webhook event is recorded once.
CREATE TABLE top_ups (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id      uuid REFERENCES users (id) ON DELETE SET NULL,
    amount_cent  bigint NOT NULL CHECK (amount_cent BETWEEN 500 AND 50000),
    status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'expired')),
    session_id   text UNIQUE,
    created_at   timestamptz NOT NULL DEFAULT now(),
    paid_at      timestamptz
);
CREATE INDEX top_ups_pending_idx ON top_ups (created_at) WHERE status = 'pending';

CREATE TABLE stripe_events (
    id           text PRIMARY KEY,
    type         text NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE ledger_entries ADD COLUMN top_up_id uuid REFERENCES top_ups (id);
CREATE UNIQUE INDEX ledger_one_credit_per_top_up ON ledger_entries (top_up_id) WHERE kind = 'top_up';
