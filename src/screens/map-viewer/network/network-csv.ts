import { saveFile } from '@/components/ui/save-file';

export type NetworkListRow = { role: string; layer: string; id: number; name: string };

function cell(value: string | number): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The listed features as CSV (RFC 4180 quoting), one header line then one line a feature. */
export function networkListCsv(header: readonly string[], rows: readonly NetworkListRow[]): string {
  const lines = [header.map(cell).join(',')];
  for (const row of rows) lines.push([row.role, row.layer, row.id, row.name].map(cell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Hands the text to the browser as a file download (no server round trip: the list is on screen). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveFile(new Blob([text], { type }), fileName);
}
