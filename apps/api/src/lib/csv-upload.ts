// Uploaded import files (stores, rota): read as UTF-8 text within the upload limit, and CSV parsed with line numbers.
import { parse } from 'csv-parse/sync';
import { env } from '../config/env';
import { AppError } from './errors';

/** One CSV record: its cells as written and the file line it ends on (the header is line 1). */
export interface CsvRecord {
  record: string[];
  line: number;
}

/** A 400 about the file, shown under the form's file field. */
export const badFile = (message: string) => new AppError('IMPORT_FILE', message, 400, { file: [message] });

const wrongType = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', message, 415, { file: [message] });

/** Spreadsheets, PDFs, images and UTF-16 text carry NUL bytes or a known signature; CSV and .ics text never do. */
function looksBinary(buf: Buffer): boolean {
  const head = buf.subarray(0, 8192);
  if (head.includes(0)) return true;
  const sig = head.toString('latin1', 0, 4);
  return sig.startsWith('PK') || sig === '%PDF' || sig.startsWith('\u0089PNG') || sig.startsWith('\u00ff\u00d8');
}

/**
 * The upload as text (a leading BOM dropped): 400 `fileRequired` when there is none, 413 above the upload limit, 415
 * `wrongType` when it is binary or not UTF-8.
 */
export function uploadedText(
  file: { buffer?: Buffer } | undefined,
  messages: { fileRequired: string; wrongType: string },
): string {
  const buf = file?.buffer;
  if (!buf?.length) throw badFile(messages.fileRequired);
  if (buf.length > env.UPLOAD_MAX_BYTES) {
    const mb = Math.round(env.UPLOAD_MAX_BYTES / 1024 / 1024);
    throw new AppError('PAYLOAD_TOO_LARGE', `Files must be at most ${mb} MB`, 413);
  }
  if (looksBinary(buf)) throw wrongType(messages.wrongType);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
  } catch {
    throw wrongType(messages.wrongType);
  }
}

/** Comma unless the header line uses semicolons or tabs instead (spreadsheets in some locales save so). */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const count = (ch: string) => first.split(ch).length - 1;
  const [best] = [',', ';', '\t'].sort((a, b) => count(b) - count(a));
  return best && count(best) > 0 ? best : ',';
}

/** Every non-blank record of the CSV text, header first, with its line; 400 when csv-parse cannot read it. */
export function parseCsvRecords(text: string): CsvRecord[] {
  try {
    const parsed = parse(text, {
      delimiter: delimiterOf(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
    return parsed.map(({ record, info }) => ({ record, line: info.lines }));
  } catch (err) {
    throw badFile(`The file is not valid CSV: ${(err as Error).message}`);
  }
}
