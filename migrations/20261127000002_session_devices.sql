-- The User-Agent a session was opened with, so its owner can tell the sessions apart
-- ("Chrome auf Linux"). Capped at 300 characters by the server.
ALTER TABLE sessions ADD COLUMN user_agent text;
