/**
 * `/ogc/maps/1/`, `/ogc/maps/1/collections/` …: the same path without its trailing slash.
 * The OGC test suite and OWSLib ask for the landing page as `{root}/`; QGIS keeps a slash a
 * user typed. The query string stays as sent; other paths are left alone.
 */
export function withoutOgcTrailingSlash(url: string): string {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  if (!path.startsWith('/ogc/') || !path.endsWith('/')) return url;
  const trimmed = path.replace(/\/+$/, '');
  return trimmed + (at === -1 ? '' : url.slice(at));
}
