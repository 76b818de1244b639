-- Export profiles (how the audio is made ready: standard, ACX, podcast) and what every
-- export of a project carries besides its audio: author, publisher, genre, year, a
-- comment, and a cover picture (its file in the audio store).
ALTER TABLE project_exports
    ADD COLUMN profile text NOT NULL DEFAULT 'standard' CHECK (profile IN ('standard', 'acx', 'podcast'));

CREATE TABLE project_publications (
    project_id   uuid PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
    author       text NOT NULL DEFAULT '' CHECK (char_length(author) <= 200),
    publisher    text NOT NULL DEFAULT '' CHECK (char_length(publisher) <= 200),
    genre        text NOT NULL DEFAULT '' CHECK (char_length(genre) <= 200),
    year         integer CHECK (year BETWEEN 1000 AND 9999),
    comment      text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 2000),
    cover_key    text,
    cover_type   text CHECK (cover_type IN ('image/jpeg', 'image/png')),
    cover_width  integer,
    cover_height integer,
    updated_at   timestamptz NOT NULL DEFAULT now(),
    CHECK ((cover_key IS NULL) = (cover_type IS NULL))
);
