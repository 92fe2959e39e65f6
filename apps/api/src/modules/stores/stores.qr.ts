// The store's QR code (PNG, SVG) and its printable A4 poster, all pointing at /rate-staff?store=<id>.
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/** Medium error correction survives a scuffed or partly covered print without making the code dense. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

/**
 * PNG rows filtered "Up" only: a QR image repeats each row many times, so this compresses well, while pngjs's default
 * (trying all five filters on every row) costs about 3× the CPU on the event loop for a file a few KB smaller.
 * A fresh options object each call: qrcode writes the width and height into it.
 */
const pngOptions = (width: number) =>
  ({ ...QR_OPTIONS, type: 'png', width, rendererOpts: { filterType: 2 } }) as QRCode.QRCodeToBufferOptions;

export async function qrPng(url: string, size: number): Promise<Buffer> {
  return QRCode.toBuffer(url, pngOptions(size));
}

export async function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' });
}

export const POSTER_HEADLINE = 'How did we do today?';
export const POSTER_CALL_TO_ACTION =
  'Scan the code with your phone camera to rate our team and your visit. It takes less than a minute and is 100% anonymous.';
export const POSTER_TAGLINE = 'Your CX Journey…see through';

/** A4 portrait (595 × 842 pt): headline, store name, a 300 pt QR code, the call to action and the link in words. */
export async function posterPdf(storeName: string, url: string): Promise<Buffer> {
  const png = await QRCode.toBuffer(url, pngOptions(600));
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${storeName} – feedback poster`, Subject: url, Creator: 'CX Journey' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const pageWidth = doc.page.width;
  const contentWidth = pageWidth - 112;
  const qrSize = 300;

  doc.rect(0, 0, pageWidth, 10).fill('#1a56db');
  doc.fillColor('#111827').font('Helvetica-Bold').fontSize(34).text(POSTER_HEADLINE, 56, 80, {
    width: contentWidth,
    align: 'center',
  });
  doc.moveDown(0.4).font('Helvetica').fontSize(22).fillColor('#374151').text(storeName, {
    width: contentWidth,
    align: 'center',
  });

  const qrX = (pageWidth - qrSize) / 2;
  const qrY = 230;
  doc.image(png, qrX, qrY, { width: qrSize, height: qrSize });
  // A print-to-PDF reader can also click the code.
  doc.link(qrX, qrY, qrSize, qrSize, url);

  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#111827')
    .text('Scan me', 56, qrY + qrSize + 20, {
      width: contentWidth,
      align: 'center',
    });
  doc.moveDown(0.6).font('Helvetica').fontSize(15).fillColor('#374151').text(POSTER_CALL_TO_ACTION, {
    width: contentWidth,
    align: 'center',
    lineGap: 4,
  });
  doc.moveDown(1.2).fontSize(10).fillColor('#6b7280').text(url, { width: contentWidth, align: 'center' });

  doc
    .font('Helvetica-Oblique')
    .fontSize(11)
    .fillColor('#9ca3af')
    .text(POSTER_TAGLINE, 56, doc.page.height - 90, {
      width: contentWidth,
      align: 'center',
      lineBreak: false,
    });
  doc.end();
  return done;
}
