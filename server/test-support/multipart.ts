/** A multipart/form-data body with text fields and one `file` part, as a browser sends it. */
export function multipart(
  fields: Record<string, string>,
  fileName: string,
  bytes: Buffer,
  options: { unfinished?: boolean } = {},
): { rawBody: Buffer; headers: Record<string, string> } {
  const boundary = `----atlasboard${Date.now()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    // An aborted upload: the body stops inside the file, with no closing boundary.
    Buffer.from(options.unfinished ? '' : `\r\n--${boundary}--\r\n`),
  ]);
  return { rawBody: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
