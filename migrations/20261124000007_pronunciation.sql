-- The pronunciation dictionary: how a term is spoken, for one user or (user_id NULL,
-- kept by admins) for everyone. A user's entry wins over a global one with the same term.
CREATE TABLE pronunciation_entries (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id         uuid REFERENCES users (id) ON DELETE CASCADE,
    term            text NOT NULL CHECK (btrim(term) <> '' AND char_length(term) <= 100),
    spoken          text NOT NULL CHECK (btrim(spoken) <> '' AND char_length(spoken) <= 200),
    -- IPA for engines that take phonemes (kept now, used by those engines later).
    ipa             text CHECK (char_length(ipa) <= 200),
    whole_word      boolean NOT NULL DEFAULT true,
    case_sensitive  boolean NOT NULL DEFAULT false,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX pronunciation_entries_user_term_idx ON pronunciation_entries (user_id, lower(term)) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX pronunciation_entries_global_term_idx ON pronunciation_entries (lower(term)) WHERE user_id IS NULL;
