-- Single sign-on with an OpenID Connect provider (docs/decisions.md#single-sign-on).

-- A provider account is linked to ours by the provider's issuer and subject, never by email.
CREATE TABLE oidc_identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  signed_in_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX oidc_identities_user ON oidc_identities (user_id);

-- A sign-in under way: the browser holds a random handle in an HttpOnly cookie, the server its
-- hash with the state, nonce and PKCE verifier. Each row is taken (deleted) by the callback, so
-- a state, nonce or verifier works once.
CREATE TABLE oidc_sign_ins (
  handle_hash text PRIMARY KEY,
  state text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Groups named by the provider's groups claim: created on first sight, their members set at
-- each sign-in. Local groups (false) are never touched by a sign-in.
ALTER TABLE groups ADD COLUMN from_provider boolean NOT NULL DEFAULT false;

-- The provider's ID token of a session it signed in, kept as the hint for signing out there.
ALTER TABLE sessions ADD COLUMN oidc_id_token text;
