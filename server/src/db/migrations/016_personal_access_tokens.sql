-- Personal access tokens: scripts, QGIS and GDAL act as their user with at most
-- these abilities. token_hash is the SHA-256 of the token (256 random bits): a leaked table
-- gives nothing to sign in with, and a fast hash is enough because nothing this random can
-- be brute-forced (a slow password hash would only cost every request). Revoking deletes the
-- row; expired rows are refused by the per-request lookup, so both hold at once everywhere.
CREATE TABLE personal_access_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  abilities text[] NOT NULL,
  expires_at timestamptz,
  last_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX personal_access_tokens_user ON personal_access_tokens (user_id);
