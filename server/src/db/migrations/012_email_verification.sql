-- Open registration checks the address by mail before the account can sign in.
-- Accounts made by an admin, the seed or before this migration count as checked: the column
-- defaults to now(), and only registration stores NULL.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz DEFAULT now();
UPDATE users SET email_verified_at = created_at WHERE email_verified_at IS NULL;

-- token_hash is the SHA-256 of the mailed token; one live token per account.
CREATE TABLE email_verifications (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
