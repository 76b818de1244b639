-- An unconfirmed address someone signed up with again (the second sign-up took the
-- account over). Its confirmation link then asks for the password of the last sign-up:
-- whoever signed up last without owning the mailbox cannot have the owner confirm his
-- password by clicking the link she receives.
ALTER TABLE users ADD COLUMN signup_contested boolean NOT NULL DEFAULT false;
