-- A layer "as it was" at a moment, rebuilt from the history of its features.
--
-- A history row's time is when its change took effect: the layer at moment T holds the rows of
-- its features undone back past every change made after T. Rows record only what changed: an
-- update its old and new value of each changed property (and of `geometry`), a deletion the
-- whole feature as it was, a creation the whole feature. So a feature's state at T is:
--   - no change after T: as it is now (and present only if it is here now and was loaded by T);
--   - its first change after T a creation: absent (created later);
--   - otherwise present, with the values it had: from the first deletion after T (which kept
--     all of them) or else from today's, then each property the updates after T (and before
--     that deletion) touched takes the old value of the first one that touched it.
-- Features loaded without a recorded creation (imports, demo data) count as present from
-- their row's created_at; once deleted and restored that time is lost and they count as
-- present before their first recorded change.

-- A feature's versions in time order: the first change after T is one probe per feature.
CREATE INDEX feature_audits_versions_at ON feature_audits (auditable_id, created_at, id)
  WHERE version IS NOT NULL;
-- A layer's changes in a time interval: the changes list, and the count of a layer then.
CREATE INDEX feature_audits_layer_at ON feature_audits (layer_id, created_at)
  INCLUDE (auditable_id, event) WHERE version IS NOT NULL;
-- A layer's deleted features in id order: those deleted after T are back in the past layer,
-- read beside the features of today in the same order, so a page stops after its rows.
CREATE INDEX feature_audits_layer_deletions ON feature_audits (layer_id, auditable_id, created_at)
  WHERE event = 'deleted';

-- The features of layer `p_layer` at moment `p_at`, with the columns of `features`, so any
-- statement over `features ft WHERE ft.layer_id = …` reads the past by naming this instead.
-- One SELECT in SQL, STABLE and not STRICT: the planner inlines it, so an ORDER BY id LIMIT
-- over it reads the (layer_id, id) index lazily and probes the history only for those rows.
CREATE FUNCTION features_at(p_layer integer, p_at timestamptz) RETURNS SETOF features
LANGUAGE sql STABLE AS $$
  SELECT c.id, p_layer,
    CASE WHEN r.id IS NULL THEN c.geom
      WHEN jsonb_typeof(v.vals -> 'geometry') = 'object'
        THEN ST_SetSRID(ST_GeomFromGeoJSON(v.vals -> 'geometry'), 4326) END,
    CASE WHEN r.id IS NULL THEN c.properties ELSE v.vals - 'geometry' END,
    CASE WHEN c.live THEN c.created_by ELSE b.user_id END,
    CASE WHEN r.id IS NULL THEN c.updated_by ELSE coalesce(s.user_id, c.updated_by) END,
    CASE WHEN c.live THEN c.created_at ELSE b.created_at END,
    CASE WHEN r.id IS NULL THEN c.updated_at ELSE coalesce(s.created_at, c.created_at, b.created_at) END,
    CASE WHEN r.id IS NULL THEN c.search_text ELSE lower(feature_search_text(v.vals - 'geometry')) END
  FROM (
    SELECT f.id, f.geom, f.properties, f.created_by, f.updated_by, f.created_at, f.updated_at,
      f.search_text, true AS live
    FROM features f WHERE f.layer_id = p_layer
    UNION ALL
    SELECT DISTINCT d.auditable_id, NULL::geometry, NULL::jsonb, NULL::int, NULL::int,
      NULL::timestamptz, NULL::timestamptz, NULL::text, false
    FROM feature_audits d
    WHERE d.layer_id = p_layer AND d.event = 'deleted' AND d.created_at > p_at
      AND NOT EXISTS (SELECT 1 FROM features f2 WHERE f2.id = d.auditable_id)
  ) c
  -- The first change after the moment (none: the feature is as it is now).
  LEFT JOIN LATERAL (
    SELECT a.id, a.event FROM feature_audits a
    WHERE a.auditable_id = c.id AND a.version IS NOT NULL AND a.created_at > p_at
    ORDER BY a.created_at, a.id LIMIT 1
  ) r ON true
  -- Its values then, read only for features changed since.
  LEFT JOIN LATERAL (
    SELECT dl.id AS deleted_id,
      ((CASE WHEN dl.id IS NULL
          THEN c.properties || jsonb_build_object('geometry', ST_AsGeoJSON(c.geom, 9)::jsonb)
          ELSE dl.old_values END)
        || coalesce(u.set_values, '{}'::jsonb)) - coalesce(u.unset, '{}'::text[]) AS vals
    FROM (SELECT 1) one
    LEFT JOIN LATERAL (
      SELECT a.id, a.created_at, a.old_values FROM feature_audits a
      WHERE a.auditable_id = c.id AND a.version IS NOT NULL AND a.created_at > p_at
        AND a.event = 'deleted'
      ORDER BY a.created_at, a.id LIMIT 1
    ) dl ON true
    LEFT JOIN LATERAL (
      SELECT jsonb_object_agg(m.key, m.value) FILTER (WHERE m.value <> 'null'::jsonb) AS set_values,
        array_agg(m.key) FILTER (WHERE m.value = 'null'::jsonb) AS unset
      FROM (
        SELECT DISTINCT ON (e.key) e.key, e.value
        FROM feature_audits a CROSS JOIN LATERAL jsonb_each(coalesce(a.old_values, '{}'::jsonb)) e
        WHERE a.auditable_id = c.id AND a.version IS NOT NULL AND a.created_at > p_at
          AND a.event = 'updated'
          AND (dl.id IS NULL OR (a.created_at, a.id) < (dl.created_at, dl.id))
        ORDER BY e.key, a.created_at, a.id
      ) m
    ) u ON true
  ) v ON r.id IS NOT NULL
  -- Who changed it last by then, and when (for changed features).
  LEFT JOIN LATERAL (
    SELECT a.user_id, a.created_at FROM feature_audits a
    WHERE a.auditable_id = c.id AND a.version IS NOT NULL AND a.created_at <= p_at
    ORDER BY a.created_at DESC, a.id DESC LIMIT 1
  ) s ON r.id IS NOT NULL
  -- A deleted feature's first recorded change stands for its creation.
  LEFT JOIN LATERAL (
    SELECT a.user_id, a.created_at FROM feature_audits a
    WHERE a.auditable_id = c.id AND a.version IS NOT NULL
    ORDER BY a.created_at, a.id LIMIT 1
  ) b ON NOT c.live
  WHERE CASE
    WHEN r.id IS NULL THEN c.live AND c.created_at <= p_at
    WHEN r.event = 'created' THEN false
    WHEN c.live THEN c.created_at <= p_at OR v.deleted_id IS NOT NULL
    ELSE true
  END
$$;

-- How many features layer `p_layer` held at `p_at`: today's count, less those created since,
-- plus those deleted since (each feature's creations and deletions alternate). Features loaded
-- since without a recorded creation (imports) are not known to the history and stay counted:
-- finding them would read the whole layer.
CREATE FUNCTION features_count_at(p_layer integer, p_at timestamptz) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT (SELECT l.features_count FROM layers l WHERE l.id = p_layer)
    - (SELECT count(*) FROM feature_audits a
       WHERE a.layer_id = p_layer AND a.version IS NOT NULL AND a.created_at > p_at AND a.event = 'created')::int
    + (SELECT count(*) FROM feature_audits a
       WHERE a.layer_id = p_layer AND a.version IS NOT NULL AND a.created_at > p_at AND a.event = 'deleted')::int
$$;
