-- Access per map (docs/decisions.md#access-per-map): groups of users, each map's visibility,
-- grants of a role on a map to a user or a group, layer rules that narrow a grant on one
-- layer, share links (stored hashed) and the log of access changes.

CREATE TABLE groups (
  id serial PRIMARY KEY,
  name text NOT NULL,
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX groups_name ON groups (lower(name));

CREATE TABLE group_members (
  group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX group_members_user ON group_members (user_id);

-- Maps that exist now (the demo town among them) keep today's behaviour: every account reads
-- them. New maps are created private by the server, with their maker as manager.
ALTER TABLE maps ADD COLUMN visibility text NOT NULL DEFAULT 'signed_in'
  CHECK (visibility IN ('private', 'signed_in', 'public'));

CREATE TABLE map_grants (
  id serial PRIMARY KEY,
  map_id integer NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  group_id integer REFERENCES groups (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('viewer', 'editor', 'manager')),
  CHECK ((user_id IS NULL) <> (group_id IS NULL))
);
CREATE UNIQUE INDEX map_grants_user ON map_grants (map_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX map_grants_group ON map_grants (map_id, group_id) WHERE group_id IS NOT NULL;
CREATE INDEX map_grants_of_user ON map_grants (user_id);
CREATE INDEX map_grants_of_group ON map_grants (group_id);

-- user_id and group_id both null: the rule holds for everyone on the map.
CREATE TABLE layer_rules (
  id serial PRIMARY KEY,
  map_id integer NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
  layer_id integer NOT NULL REFERENCES layers (id) ON DELETE CASCADE,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  group_id integer REFERENCES groups (id) ON DELETE CASCADE,
  access text NOT NULL CHECK (access IN ('hidden', 'read', 'edit')),
  hidden_properties jsonb NOT NULL DEFAULT '[]',
  read_only_properties jsonb NOT NULL DEFAULT '[]',
  CHECK (user_id IS NULL OR group_id IS NULL)
);
CREATE INDEX layer_rules_map ON layer_rules (map_id);

CREATE TABLE share_links (
  id serial PRIMARY KEY,
  map_id integer NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
  label text NOT NULL DEFAULT '',
  role text NOT NULL DEFAULT 'viewer' CHECK (role = 'viewer'),
  secret_hash text NOT NULL UNIQUE,
  expires_at timestamptz,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX share_links_map ON share_links (map_id);

CREATE TABLE access_log (
  id serial PRIMARY KEY,
  map_id integer NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX access_log_map ON access_log (map_id, id);

-- Servers keep who may do what in memory (server/src/access/access-cache.ts); every change to
-- the tables it is made of announces itself on `atlasboard_access`, so each instance forgets
-- what it holds once the change commits and the next request reads it afresh.
CREATE FUNCTION notify_access_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atlasboard_access', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

CREATE TRIGGER groups_notify_access AFTER UPDATE OR DELETE OR TRUNCATE ON groups
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_change();
CREATE TRIGGER group_members_notify_access AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON group_members
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_change();
CREATE TRIGGER map_grants_notify_access AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON map_grants
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_change();
CREATE TRIGGER layer_rules_notify_access AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON layer_rules
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_change();
CREATE TRIGGER share_links_notify_access AFTER UPDATE OR DELETE OR TRUNCATE ON share_links
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_change();
-- A map's visibility decides who reads it; a new or deleted map changes every caller's rules.
CREATE TRIGGER maps_notify_access AFTER INSERT OR DELETE OR TRUNCATE ON maps
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_change();
CREATE TRIGGER maps_visibility_notify_access AFTER UPDATE OF visibility ON maps
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_change();
