// The store import's file: sniffed as text (415 otherwise), parsed with csv-parse, header columns matched by name.
import { parse } from 'csv-parse/sync';
import { STORE_IMPORT_MAX_ROWS, STORE_IMPORT_MESSAGES as M, type TStoreImportColumn } from '@cx/contracts';
import { env } from '../../config/env';
import { AppError } from '../../lib/errors';

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

const badFile = (message: string) => new AppError('IMPORT_FILE', message, 400, { file: [message] });
const notCsv = () => new AppError('UNSUPPORTED_MEDIA_TYPE', M.notCsv, 415, { file: [M.notCsv] });

/** Spreadsheets, PDFs, images and UTF-16 text carry NUL bytes or a known signature; CSV text never does. */
function looksBinary(buf: Buffer): boolean {
  const head = buf.subarray(0, 8192);
  if (head.includes(0)) return true;
  const sig = head.toString('latin1', 0, 4);
  return (
    sig.startsWith('PK') || sig === '%PDF' || sig.startsWith('\u0089PNG') || sig.startsWith('\u00ff\u00d8')
  );
}

/** Comma unless the header line uses semicolons or tabs instead (spreadsheets in some locales save so). */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const count = (ch: string) => first.split(ch).length - 1;
  const [best] = [',', ';', '\t'].sort((a, b) => count(b) - count(a));
  return best && count(best) > 0 ? best : ',';
}

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
  const buf = file?.buffer;
  if (!buf?.length) throw badFile(M.fileRequired);
  if (buf.length > env.UPLOAD_MAX_BYTES) {
    const mb = Math.round(env.UPLOAD_MAX_BYTES / 1024 / 1024);
    throw new AppError('PAYLOAD_TOO_LARGE', `Files must be at most ${mb} MB`, 413);
  }
  if (looksBinary(buf)) throw notCsv();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
  } catch {
    throw notCsv();
  }
  let parsed: Array<{ record: string[]; info: { lines: number } }>;
  try {
    parsed = parse(text, {
      delimiter: delimiterOf(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (err) {
    throw badFile(`The file is not valid CSV: ${(err as Error).message}`);
  }
  const [header, ...rows] = parsed;
  if (!header) throw badFile(M.empty);
  const { at, ignored } = columnsOf(header.record);
  if (rows.length === 0) throw badFile(M.empty);
  if (rows.length > STORE_IMPORT_MAX_ROWS) throw badFile(M.tooManyRows);
  const records = rows.map(({ record, info }) => {
    const cells: ImportRecord['cells'] = {};
    record.forEach((value, i) => {
      const column = at[i];
      if (column) cells[column] = value;
    });
    return { line: info.lines, cells };
  });
  return { columns: at.filter((c): c is TStoreImportColumn => c !== null), ignoredColumns: ignored, records };
}
