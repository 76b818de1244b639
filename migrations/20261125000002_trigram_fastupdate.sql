-- The trigram indexes of the library search take each new job's entries at once instead
-- of collecting them in a pending list: with the list, now and then one submit had to
-- merge up to 4 MB of it into the index and waited 50-100 ms (the submit p99 at half
-- load went from 13-75 ms to 17-29 ms without it, at the same throughput), and every
-- search had to scan the list as well.
ALTER INDEX tts_jobs_text_trgm_idx SET (fastupdate = off);
ALTER INDEX tts_jobs_voice_name_trgm_idx SET (fastupdate = off);
