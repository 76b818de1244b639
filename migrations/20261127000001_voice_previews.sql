-- A voice's "Hörprobe": one short sentence in its language, rendered once and kept in the
-- audio store. `fingerprint` covers what the audio depends on (provider, provider voice,
-- language, sentence); a voice whose fingerprint changed renders anew on the next request.
-- The row goes with its voice; the file is removed with a clone's other files.
CREATE TABLE voice_previews (
    voice_id uuid PRIMARY KEY REFERENCES voices (id) ON DELETE CASCADE,
    fingerprint text NOT NULL,
    storage_key text NOT NULL,
    duration_seconds double precision NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
