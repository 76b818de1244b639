-- The audit actions the database accepts come from the code's `AuditAction` enum, which
-- `migrate` registers here (like the speech providers and key services), instead of a
-- CHECK list that repeats the enum by hand. The actions already logged stay valid.
CREATE TABLE audit_actions (id text PRIMARY KEY);
INSERT INTO audit_actions (id) SELECT DISTINCT action FROM audit_log;
ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_fkey FOREIGN KEY (action) REFERENCES audit_actions (id);
