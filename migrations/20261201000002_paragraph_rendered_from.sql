-- What a paragraph's audio was made from (its text's hash, the voice, the dictionary's
-- fingerprint), kept when it is rendered: a view compares these with what the paragraph
-- is now, instead of hashing every paragraph on every read. Paragraphs rendered before
-- keep being judged by the hash their job was made for (`job_hash`).
ALTER TABLE project_paragraphs
    ADD COLUMN job_text_hash  text,
    ADD COLUMN job_voice_id   uuid,
    ADD COLUMN job_dictionary text;
