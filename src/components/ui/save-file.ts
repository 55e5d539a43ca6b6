/** Hands a file made in the browser (a CSV of a list on screen, a printed PDF) to it as a download. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a minute later: some browsers start the download from the URL only after the click.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
