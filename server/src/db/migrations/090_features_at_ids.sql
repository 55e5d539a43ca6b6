-- The features of layer `p_layer` at moment `p_at` among the ids `p_ids` (a page of the past
-- rebuilds only the candidates beyond its cursor). features_at is one SQL statement the planner
-- inlines into its caller, which makes every statement over it large to plan: planning a page
-- took longer than running it. Behind a PL/pgSQL body its plan is made once per connection and
-- kept, and the ids still reach both halves of the rebuild as index conditions.
CREATE FUNCTION features_at_ids(p_layer integer, p_at timestamptz, p_ids integer[]) RETURNS SETOF features
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY SELECT * FROM features_at(p_layer, p_at) past WHERE past.id = ANY(p_ids);
END
$$;
