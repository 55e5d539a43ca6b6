/** The secret of a share link's URL (`…/s/<secret>`), or null when the URL has another shape. */
export function shareSecretOf(url: string): string | null {
  const match = /\/s\/([A-Za-z0-9_-]+)\/?$/.exec(url);
  return match?.[1] ?? null;
}

/**
 * The embed page of the map opened with that link: on the link's own origin when the server
 * gave an absolute URL, else on the one the app is served from.
 */
export function embedUrl(mapId: number, shareUrl: string, secret: string): string {
  const base = new URL(shareUrl, window.location.origin);
  const url = new URL(`/embed/${mapId}`, base.origin);
  url.searchParams.set('share', secret);
  return url.toString();
}

/** The embed page of a public map (no link needed). */
export const publicEmbedUrl = (mapId: number): string =>
  new URL(`/embed/${mapId}`, window.location.origin).toString();

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The `<iframe>` to paste into another website. */
export const embedSnippet = (src: string, title: string): string =>
  `<iframe src="${attribute(src)}" title="${attribute(title)}" width="800" height="600" style="border:0" loading="lazy" allowfullscreen></iframe>`;
