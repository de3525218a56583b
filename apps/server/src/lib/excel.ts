import { loadOnce } from './load-once.js';

/** exceljs (the xlsx export and import), loaded at the first spreadsheet written or read. */
export const loadExcelJs = loadOnce(async () => (await import('exceljs')).default);
