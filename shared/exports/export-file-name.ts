const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'export';

/** An export's file name: its title as a slug, the day it was asked for, the format's extension. */
export function exportFileName(title: string, extension: string, at: Date = new Date()): string {
  return `${slug(title)}-${at.toISOString().slice(0, 10)}.${extension}`;
}
