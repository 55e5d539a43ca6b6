export type ReceivedMail = {
  recipients: string[];
  subject: string;
  /** Every text/plain and text/html part, transfer encoding undone, joined. */
  text: string;
};

/**
 * Just enough MIME to read what a mailer sends: headers, nested multipart bodies,
 * quoted-printable and base64. A link split by quoted-printable soft breaks must come back whole.
 */
export function parseMail(raw: string, recipients: string[]): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  return { recipients, subject: decodeWords(headers.get('subject') ?? ''), text: textOf(headers, body) };
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with leading whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function textOf(headers: Map<string, string>, body: string): string {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => {
        const inner = splitHeaders(part.replace(/^\n/, ''));
        return textOf(inner.headers, inner.body);
      })
      .join('\n');
  }
  if (!/^text\//i.test(contentType)) return '';
  return decodeBody(body, headers.get('content-transfer-encoding') ?? '7bit');
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

function decodeQuotedPrintable(body: string): string {
  // Escapes are bytes of UTF-8, so the pieces are joined as bytes and decoded once.
  const pieces = body
    .replace(/=\n/g, '')
    .split(/(=[0-9A-F]{2})/i)
    .map((piece) =>
      /^=[0-9A-F]{2}$/i.test(piece)
        ? Buffer.from([parseInt(piece.slice(1), 16)])
        : Buffer.from(piece, 'utf8'),
    );
  return Buffer.concat(pieces).toString('utf8');
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}
