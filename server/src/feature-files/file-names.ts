const RESERVED = /[<>:"/\\|?*]/g;
/** Control characters (C0 and DEL) would break headers and terminals. */
const withoutControls = (text: string) =>
  [...text].map((char) => (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f ? '_' : char)).join('');

/**
 * An uploaded name safe to store and to send back in Content-Disposition: no folders, no
 * control or reserved characters, no leading dots, at most 255 characters (extension kept).
 */
export function sanitiseFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  let name = withoutControls(base.normalize('NFC'))
    .replace(RESERVED, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  if (name.length > 255) {
    const extension = /\.[^.]{1,16}$/.exec(name)?.[0] ?? '';
    name = name.slice(0, 255 - extension.length) + extension;
  }
  return name === '' ? 'file' : name;
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 one (RFC 6266 / 5987). */
export function attachmentHeader(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
