-- The account page: deleting an account keeps its ledger rows, anonymised, for
-- bookkeeping; sessions remember the client they were opened from.
ALTER TABLE ledger_entries ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_user_id_fkey;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_user_id_fkey
    FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL;

ALTER TABLE sessions ADD COLUMN client text;
