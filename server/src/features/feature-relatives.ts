import type { Queryable } from '../db/database.ts';
import { FEATURE_COLUMNS, toFeature, type FeatureBody, type FeatureRow } from '../maps/records.ts';

const LIMIT = 1000;
const METRES_PER_DEGREE = 111_320;

/**
 * Features related to one feature through `layer_relations`: `spatial` relations match
 * features within `tolerance_m` metres on the ground (geography distance), `manual` ones
 * follow `feature_links`. `direction` says which end of the relation the feature is.
 * The geography test cannot use the spatial index on `geom`, so a planar ST_DWithin in degrees,
 * widened for the latitude (a degree of longitude shrinks towards the poles), picks the
 * candidates first.
 */
export async function relatedFeatures(
  db: Queryable,
  mapId: number,
  featureId: number,
  direction: 'children' | 'parents',
): Promise<FeatureBody[]> {
  const [own, other] = direction === 'children' ? ['parent', 'child'] : ['child', 'parent'];
  const rows = await db.query<FeatureRow>(
    `WITH me AS (SELECT f.id, f.layer_id, f.geom FROM features f WHERE f.id = $1),
     relations AS (
       SELECT r.* FROM layer_relations r JOIN me ON r.${own}_layer_id = me.layer_id
       JOIN layers l ON l.id = r.${other}_layer_id WHERE l.map_id = $2
     ),
     matches AS (
       SELECT ft.id FROM relations r JOIN me ON true
       JOIN features ft ON ft.layer_id = r.${other}_layer_id
       WHERE r.rule = 'spatial' AND me.geom IS NOT NULL
         AND ST_DWithin(ft.geom, me.geom, coalesce(r.tolerance_m, 0) * 1.1 / ${METRES_PER_DEGREE}
           / greatest(cos(radians(least(89, greatest(abs(ST_YMin(me.geom)), abs(ST_YMax(me.geom))) + 1))), 0.01))
         AND ST_DWithin(ft.geom::geography, me.geom::geography, coalesce(r.tolerance_m, 0))
       UNION
       SELECT k.${other}_feature_id FROM relations r
       JOIN feature_links k ON k.relation_id = r.id AND k.${own}_feature_id = $1
       WHERE r.rule = 'manual'
     )
     SELECT ${FEATURE_COLUMNS} FROM features ft JOIN matches m ON m.id = ft.id
     ORDER BY ft.layer_id, ft.id LIMIT ${LIMIT}`,
    [featureId, mapId],
  );
  return rows.map(toFeature);
}
