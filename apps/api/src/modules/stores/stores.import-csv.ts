// The store import's file: read as CSV text (lib/csv-upload), its header columns matched by name.
import { STORE_IMPORT_MAX_ROWS, STORE_IMPORT_MESSAGES as M, type TStoreImportColumn } from '@cx/contracts';
import { badFile, parseCsvRecords, uploadedText } from '../../lib/csv-upload';

export interface ImportRecord {
  /** The row's line in the file (the header is line 1). */
  line: number;
  cells: Partial<Record<TStoreImportColumn, string>>;
}

export interface ImportFile {
  columns: TStoreImportColumn[];
  ignoredColumns: string[];
  records: ImportRecord[];
}

/** Header names people write for each column, compared without case, spaces, `_` or `-`. */
const HEADER_NAMES: Record<string, TStoreImportColumn> = {
  code: 'code',
  storecode: 'code',
  name: 'name',
  storename: 'name',
  area: 'area',
  areapath: 'area',
  timezone: 'timezone',
  address: 'address',
  tags: 'tags',
};
const headerKey = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

function columnsOf(header: string[]): { at: Array<TStoreImportColumn | null>; ignored: string[] } {
  const at: Array<TStoreImportColumn | null> = [];
  const ignored: string[] = [];
  for (const raw of header) {
    const column = HEADER_NAMES[headerKey(raw)] ?? null;
    if (column && at.includes(column))
      throw badFile(`The column "${raw.trim()}" appears twice in the header`);
    if (!column && raw.trim()) ignored.push(raw.trim());
    at.push(column);
  }
  if (!at.includes('code')) throw badFile(M.codeColumn);
  return { at, ignored };
}

/** The uploaded file as rows of named cells; 400 for a broken or empty file, 413 too large, 415 not CSV text. */
export function readImportFile(file: { buffer?: Buffer } | undefined): ImportFile {
  const text = uploadedText(file, { fileRequired: M.fileRequired, wrongType: M.notCsv });
  const [header, ...rows] = parseCsvRecords(text);
  if (!header) throw badFile(M.empty);
  const { at, ignored } = columnsOf(header.record);
  if (rows.length === 0) throw badFile(M.empty);
  if (rows.length > STORE_IMPORT_MAX_ROWS) throw badFile(M.tooManyRows);
  const records = rows.map(({ record, line }) => {
    const cells: ImportRecord['cells'] = {};
    record.forEach((value, i) => {
      const column = at[i];
      if (column) cells[column] = value;
    });
    return { line, cells };
  });
  return { columns: at.filter((c): c is TStoreImportColumn => c !== null), ignoredColumns: ignored, records };
}
