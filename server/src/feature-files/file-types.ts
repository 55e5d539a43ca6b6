/**
 * What an upload is, judged by its bytes (magic numbers), never by its name or the type the
 * browser claims. The name's extension must then agree, so an HTML or SVG page renamed
 * `.png` is refused, as is a real PNG named `.html`.
 */
interface Kind {
  mime: string;
  extensions: readonly string[];
}

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, index) => head[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const OFFICE_XML: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
const OFFICE_LEGACY: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
/** Markup a browser would render or run; never accepted as text. */
const MARKUP = /^\s*<|<\s*(html|script|svg|iframe|body|object|embed)\b/i;

function textKind(head: Buffer): Kind | undefined {
  if (head.includes(0)) return undefined;
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  // A cut in the middle of a multi-byte character at the end of the sample is fine.
  if (text.slice(0, -3).includes('\uFFFD') || MARKUP.test(text)) return undefined;
  return { mime: 'text/plain', extensions: ['txt'] };
}

function kindOf(head: Buffer, extension: string): Kind | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', extensions: ['png'] };
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a')))
    return { mime: 'image/gif', extensions: ['gif'] };
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8))
    return { mime: 'image/webp', extensions: ['webp'] };
  if (startsWith(head, ascii('%PDF-'))) return { mime: 'application/pdf', extensions: ['pdf'] };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]))
    return OFFICE_XML[extension] ? { mime: OFFICE_XML[extension], extensions: [extension] } : undefined;
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return OFFICE_LEGACY[extension] ? { mime: OFFICE_LEGACY[extension], extensions: [extension] } : undefined;
  const text = textKind(head);
  if (text && extension === 'csv') return { mime: 'text/csv', extensions: ['csv'] };
  return text;
}

/** The MIME type to store and serve, or undefined when the file is refused. */
export function acceptedMimeType(head: Buffer, fileName: string): string | undefined {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const kind = kindOf(head, extension);
  return kind && kind.extensions.includes(extension) ? kind.mime : undefined;
}
