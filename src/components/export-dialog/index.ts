export { ExportDialog } from './export-dialog';
export type { ExportScope, ExportTarget } from './export-target';
