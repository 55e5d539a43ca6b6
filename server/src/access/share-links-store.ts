import { firstRow, returnedRow, type Queryable } from '../db/database.ts';

const SHARE_LINK_COLUMNS = 'id, label, role, expires_at, created_at';

/** A share link as its map's managers see it (never its secret). */
export interface ShareLinkRow {
  id: number;
  label: string;
  role: 'viewer';
  expires_at: Date | null;
  created_at: Date;
}

/** Newest first. */
export function mapShareLinks(db: Queryable, mapId: number): Promise<ShareLinkRow[]> {
  return db.query<ShareLinkRow>(
    `SELECT ${SHARE_LINK_COLUMNS} FROM share_links WHERE map_id = $1 ORDER BY id DESC`,
    [mapId],
  );
}

export function insertShareLink(
  tx: Queryable,
  link: {
    mapId: number;
    label: string;
    secretHash: string;
    expiresAt: string | null;
    createdBy: number | null;
  },
): Promise<ShareLinkRow> {
  return returnedRow<ShareLinkRow>(
    tx,
    `INSERT INTO share_links (map_id, label, role, secret_hash, expires_at, created_by)
     VALUES ($1, $2, 'viewer', $3, $4, $5) RETURNING ${SHARE_LINK_COLUMNS}`,
    [link.mapId, link.label, link.secretHash, link.expiresAt, link.createdBy],
  );
}

/** The removed link; undefined when the map has no such link. */
export function deleteShareLink(tx: Queryable, mapId: number, id: number) {
  return firstRow<ShareLinkRow>(
    tx,
    `DELETE FROM share_links WHERE id = $1 AND map_id = $2 RETURNING ${SHARE_LINK_COLUMNS}`,
    [id, mapId],
  );
}
