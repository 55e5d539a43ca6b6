import ExcelJS from 'exceljs';
import { fieldValue, type ExportWriter, type ExportWriterOptions, ownValue } from './export-writer.ts';

/**
 * A worksheet written row by row with exceljs's streaming writer (rows are committed, not
 * kept). Text goes through the shared-string table, which grows with the distinct texts only:
 * inline `str` cells would keep memory flatter, but GDAL (and so QGIS) then misses the header row.
 */
export function xlsxWriter(options: ExportWriterOptions): ExportWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: options.path, useSharedStrings: true });
  // Sheet names: at most 31 characters, none of []:*?/\ (Excel's rule).
  const sheet = workbook.addWorksheet(options.title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'features');
  sheet.columns = [
    { header: 'id', key: 'id' },
    ...options.fields.map((field) => ({ header: field.name, key: field.name })),
    { header: 'wkt', key: 'wkt' },
  ];
  return {
    async write(rows) {
      for (const row of rows) {
        sheet
          .addRow([
            row.id,
            ...options.fields.map((field) => fieldValue(field, ownValue(row.properties, field.name))),
            row.wkt ?? null,
          ])
          .commit();
      }
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
