import { describe, expect, it } from 'vitest';
import { acceptedMimeType } from './file-types.ts';
import { sanitiseFileName } from './file-names.ts';

const bytes = (...values: number[]) => Buffer.from(values);
const text = (value: string) => Buffer.from(value);

describe('judging an upload by its bytes', () => {
  it('accepts images, PDF, text, CSV and Office files whose name agrees with their content', () => {
    expect(acceptedMimeType(bytes(0xff, 0xd8, 0xff, 0xe0), 'a.JPG')).toBe('image/jpeg');
    expect(acceptedMimeType(text('GIF89a...'), 'a.gif')).toBe('image/gif');
    expect(acceptedMimeType(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '), 'a.webp')).toBe('image/webp');
    expect(acceptedMimeType(text('%PDF-1.7\n'), 'report.pdf')).toBe('application/pdf');
    expect(acceptedMimeType(text('id;name\n1;Valve\n'), 'list.csv')).toBe('text/csv');
    expect(acceptedMimeType(text('notes about the pipe < 3 m deep'), 'notes.txt')).toBe('text/plain');
    expect(acceptedMimeType(bytes(0x50, 0x4b, 0x03, 0x04), 'sheet.xlsx')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });

  it('refuses markup and names that disagree with the content', () => {
    expect(
      acceptedMimeType(text('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'), 'a.png'),
    ).toBeUndefined();
    expect(acceptedMimeType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.txt')).toBeUndefined();
    expect(acceptedMimeType(text('hello <script>alert(1)</script>'), 'a.csv')).toBeUndefined();
    expect(acceptedMimeType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'a.html')).toBeUndefined();
    expect(acceptedMimeType(bytes(0x50, 0x4b, 0x03, 0x04), 'archive.zip')).toBeUndefined();
    expect(acceptedMimeType(bytes(0x4d, 0x5a, 0x90, 0x00), 'setup.exe')).toBeUndefined();
    expect(acceptedMimeType(bytes(0x00, 0x01, 0x02), 'blob.txt')).toBeUndefined();
  });
});

describe('sanitising a file name', () => {
  it('drops folders, control and reserved characters and leading dots', () => {
    expect(sanitiseFileName('..\\..\\windows\\evil.png')).toBe('evil.png');
    expect(sanitiseFileName('/etc/.hidden')).toBe('hidden');
    expect(sanitiseFileName('a\u0000b\r\n<c>.txt')).toBe('a_b___c_.txt');
    expect(sanitiseFileName('...')).toBe('file');
    expect(sanitiseFileName(`${'n'.repeat(300)}.pdf`)).toHaveLength(255);
    expect(sanitiseFileName(`${'n'.repeat(300)}.pdf`).endsWith('.pdf')).toBe(true);
  });
});
