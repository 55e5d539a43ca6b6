import { AREA } from './data-file.ts';

/** Where MapServer finds the points: a PostGIS connection and the table holding them. */
export interface PeerSource {
  /** A libpq keyword/value connection string (MapServer's CONNECTION). */
  connection: string;
  /** `features` when MapServer reads our own table (PostgreSQL runs), else the copy's name. */
  table: string;
  layerId: number;
}

/** The name the layer has in MapServer's OGC API (its collection id) and in tile requests. */
export const PEER_LAYER = 'points';
/** The alias of the mapfile in MapServer's config file: URLs start with it. */
export const PEER_MAP = 'peer';

/** A libpq connection string from a postgres:// URL (MapServer's PostGIS driver takes only this form). */
export function libpqConnection(url: string): string {
  const parsed = new URL(url);
  const parts = [
    `host=${parsed.hostname}`,
    `port=${parsed.port || '5432'}`,
    `dbname=${decodeURIComponent(parsed.pathname.slice(1))}`,
    `user=${decodeURIComponent(parsed.username)}`,
  ];
  if (parsed.password) parts.push(`password=${decodeURIComponent(parsed.password)}`);
  return parts.join(' ');
}

/**
 * The mapfile: one point layer over the same rows our server reads, with the attributes our
 * items carry (name, kind, value) pulled out of the jsonb as ours does. Set as MapServer is
 * run for speed: `use_default_extent_for_getfeature "false"` keeps it from testing every row
 * against the layer extent on each unfiltered page, and `CLOSE_CONNECTION=DEFER` keeps each
 * FastCGI process's PostgreSQL connection between requests (without it every request opens
 * a new backend and loads PostGIS, about 40 ms). The MVT output format serves tile mode.
 */
export function mapfile(source: PeerSource, onlineResource: string): string {
  const quoted = (text: string) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  const data =
    `geom FROM (SELECT id, geom, properties->>'name' AS name, properties->>'kind' AS kind, ` +
    `(properties->>'value')::int AS value FROM ${source.table} WHERE layer_id = ${source.layerId}) ` +
    `AS points USING UNIQUE id USING SRID=4326`;
  return `MAP
  NAME ${quoted(PEER_MAP)}
  EXTENT ${AREA.minLon} ${AREA.minLat} ${AREA.maxLon} ${AREA.maxLat}
  SIZE 256 256
  CONFIG "MS_ERRORFILE" "stderr"
  PROJECTION
    "init=epsg:4326"
  END
  OUTPUTFORMAT
    NAME "mvt"
    DRIVER MVT
    FORMATOPTION "EDGE_BUFFER=20"
  END
  WEB
    METADATA
      "ows_title" "Atlasboard bench peer"
      "ows_enable_request" "*"
      "ows_srs" "EPSG:4326 EPSG:3857"
      "oga_onlineresource" ${quoted(onlineResource)}
      "ows_use_default_extent_for_getfeature" "false"
      "oga_use_default_extent_for_getfeature" "false"
    END
  END
  LAYER
    NAME ${quoted(PEER_LAYER)}
    TYPE POINT
    STATUS ON
    TEMPLATE "void"
    CONNECTIONTYPE POSTGIS
    PROCESSING "CLOSE_CONNECTION=DEFER"
    CONNECTION ${quoted(source.connection)}
    DATA ${quoted(data)}
    PROJECTION
      "init=epsg:4326"
    END
    METADATA
      "ows_title" "Random points"
      "gml_include_items" "all"
      "gml_featureid" "id"
      "gml_types" "auto"
      "ows_use_default_extent_for_getfeature" "false"
      "oga_use_default_extent_for_getfeature" "false"
    END
    CLASS
      STYLE
        SIZE 4
        COLOR 0 0 255
      END
    END
  END
END
`;
}

/** MapServer 8's config file: under FastCGI it reads the mapfile alias from here, not MS_MAPFILE. */
export const mapserverConf = (mapfilePath: string) => `CONFIG
  ENV
    MS_MAP_NO_PATH "1"
  END
  MAPS
    ${PEER_MAP} "${mapfilePath}"
  END
END
`;

/** lighttpd in front of the FastCGI socket spawn-fcgi listens on, on loopback only. */
export const lighttpdConf = (dir: string, port: number, socket: string) => `server.document-root = "${dir}"
server.bind = "127.0.0.1"
server.port = ${port}
server.errorlog = "${dir}/lighttpd-error.log"
server.max-connections = 256
server.modules = ( "mod_fastcgi" )
fastcgi.server = ( "/mapserv" => (( "socket" => "${socket}", "check-local" => "disable" )) )
`;
