-- Which speech providers and which services with a storable key exist is declared once,
-- in code (`shared::providers`: the provider table and the services of the admin page).
-- `stimmwerk-api migrate` registers them here, and the columns that name one refer to
-- these tables instead of a CHECK list of their own: the lists had drifted (the admin
-- page offered ElevenLabs and Replicate keys that `provider_keys` refused).
CREATE TABLE speech_providers (id text PRIMARY KEY);
CREATE TABLE key_services (id text PRIMARY KEY);

-- What is stored today stays valid until the first registration.
INSERT INTO speech_providers (id) SELECT DISTINCT provider FROM voices ON CONFLICT DO NOTHING;
INSERT INTO key_services (id) SELECT service FROM provider_keys ON CONFLICT DO NOTHING;

ALTER TABLE voices DROP CONSTRAINT IF EXISTS voices_provider_check;
ALTER TABLE voices ADD CONSTRAINT voices_provider_fkey FOREIGN KEY (provider) REFERENCES speech_providers (id);
ALTER TABLE provider_keys DROP CONSTRAINT IF EXISTS provider_keys_service_check;
ALTER TABLE provider_keys ADD CONSTRAINT provider_keys_service_fkey FOREIGN KEY (service) REFERENCES key_services (id);
