-- When the first audio of a streamed job (`POST /v1/audio/speech`) went out to the
-- caller. From then on the audio is being delivered: the job cannot be deleted for a
-- refund, and a failure later on refunds only the share that was not delivered.
ALTER TABLE tts_jobs ADD COLUMN delivered_at timestamptz;
