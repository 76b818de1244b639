-- The audit log covers every admin power, not only the user page: voice sharing and
-- activation, provider keys, global dictionary entries and labels, and the password
-- re-entry itself. `subject` names what an entry is about when that is not an account
-- (a voice, a service, a term, a label). Written to be re-runnable.
ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN (
    'user_created', 'user_updated', 'user_deleted', 'balance_adjusted',
    'voice_updated', 'voice_deleted',
    'provider_key_stored', 'provider_key_removed', 'provider_key_tested',
    'dictionary_entry_saved', 'dictionary_entry_deleted',
    'label_created', 'label_updated', 'label_deleted',
    'reauthenticated'
));
ALTER TABLE audit_log ADD COLUMN IF NOT EXISTS subject text CHECK (char_length(subject) <= 300);
CREATE INDEX IF NOT EXISTS audit_log_action_idx ON audit_log (action, created_at DESC);
