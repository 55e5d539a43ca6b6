-- Accounts (docs/decisions.md#accounts). Sessions, reset tokens and throttling live here too so any
-- number of server instances can share one database.
CREATE EXTENSION IF NOT EXISTS postgis;

CREATE TABLE users (
  id serial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  type text NOT NULL CHECK (type IN ('admin', 'editor', 'user')),
  locale text NOT NULL DEFAULT 'en',
  two_factor_secret text,
  two_factor_pending_secret text,
  -- The last TOTP time step accepted, so each code works once.
  two_factor_last_step integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));

CREATE TABLE recovery_codes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz
);
CREATE INDEX recovery_codes_user ON recovery_codes (user_id);

-- id is the SHA-256 of the cookie value: a leaked table does not leak sessions.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  xsrf_token text NOT NULL,
  remember boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE password_reset_tokens (
  email text PRIMARY KEY,
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE throttle_hits (
  id serial PRIMARY KEY,
  key text NOT NULL,
  hit_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX throttle_hits_key ON throttle_hits (key, hit_at);
