-- When this session proved the second factor (signed in with a code, or switched
-- two-factor sign-in on). The admin area needs it.
ALTER TABLE sessions ADD COLUMN second_factor_at TIMESTAMPTZ;
