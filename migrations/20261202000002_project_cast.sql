-- The cast of a project: characters whose quoted speech („…“, »…«, "…") is read in their
-- own voice, within the paragraph, by the paragraph's one job.
CREATE TABLE project_characters (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id  uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
    -- Null once the voice is gone: its quotations cannot be rendered until it is recast.
    voice_id    uuid REFERENCES voices (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT project_characters_name UNIQUE (project_id, name)
);
CREATE INDEX project_characters_project_idx ON project_characters (project_id);

-- For each quotation of a paragraph's text, in order, the character who speaks it (null:
-- the narrator). A new text keeps the casting of the quotations it still has by place.
ALTER TABLE project_paragraphs ADD COLUMN casting jsonb NOT NULL DEFAULT '[]';

-- What of the delivery and cast a take was made with (`Reading::sound_of`): choosing the
-- take puts it back as the paragraph's.
ALTER TABLE project_takes ADD COLUMN sound text;
