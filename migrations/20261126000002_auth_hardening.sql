-- The code step of a sign-in remembers how it started: with the password, or with a
-- mailed sign-in link (whoever opened it proved the mailbox). Wrong codes lock the code
-- step of password-started sign-ins for hours; a link-started one has its own small
-- budget, so the owner (mailbox and app) still gets in while a password alone does not.
ALTER TABLE two_factor_challenges ADD COLUMN via_link boolean NOT NULL DEFAULT false;
