-- History before the benchmark: 30,000 finished jobs of one account, with the kind of
-- German sentences customers send. An installation in use has such rows; on an empty
-- table every insert also grows the trigram index's small posting lists, which costs
-- more than appending to the posting trees of a table in use. Both the API and pgbench
-- then measure the same, steady table.
INSERT INTO users (email, name, organization, password_hash, email_confirmed_at)
VALUES ('history@bench.invalid', 'Verlauf', 'Bench', 'not a password hash', now());
INSERT INTO tts_jobs (user_id, text, voice_name, voice_language, voice_type, voice_provider, cost_cent,
                      status, duration_seconds, audio_key, completed_at)
SELECT (SELECT id FROM users WHERE email = 'history@bench.invalid'),
       'Auftrag ' || g || ': ' || (ARRAY[
           'Guten Tag und herzlich willkommen bei unserem Kundendienst.',
           'Die nächste Haltestelle ist der Hauptbahnhof, Ausstieg in Fahrtrichtung links.',
           'Bitte halten Sie Ihre Kundennummer und Ihr Geburtsdatum bereit.',
           'Unser Angebot gilt nur noch bis Ende der Woche, solange der Vorrat reicht.',
           'Vielen Dank für Ihren Anruf, wir melden uns so schnell wie möglich zurück.',
           'In der heutigen Folge sprechen wir über erneuerbare Energien in Deutschland.'])[1 + g % 6],
       'Jonas', 'de-DE', 'public', 'local', 5, 'completed', 2.0, 'history/' || g || '.mp3', now()
FROM generate_series(1, 30000) g;
ANALYZE;
