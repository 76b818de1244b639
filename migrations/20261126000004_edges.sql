-- A top-up whose Stripe session does not match it (another amount or currency) cannot
-- be credited automatically: the reconciliation notes why here, leaves it for a person
-- and goes on with the other sessions instead of stopping at it.
ALTER TABLE top_ups ADD COLUMN IF NOT EXISTS needs_attention text;
ALTER TABLE top_ups ADD COLUMN IF NOT EXISTS needs_attention_at timestamptz;
