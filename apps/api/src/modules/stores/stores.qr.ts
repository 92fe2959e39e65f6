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

/** What a poster carries of the chain's brand: its logo (PNG or JPEG bytes, or pdfkit's opened image) and colour. */
export interface PosterBrand {
  /** An image opened once with doc.openImage, so a many-page PDF embeds it once. */
  logo: PDFKit.Mixins.ImageSrc | null;
  color: string | null;
  textColor: string | null;
}

const NO_BRAND: PosterBrand = { logo: null, color: null, textColor: null };
const DEFAULT_ACCENT = '#1a56db';

export function newPosterDocument(title: string, subject: string): PDFKit.PDFDocument {
  return new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: title, Subject: subject, Creator: 'CX Journey' },
  });
}

/** A poster's QR as its module matrix, drawn as vectors: sharp at any print size, no PNG to encode and decode. */
export const posterQr = (url: string): QRCode.QRCode =>
  QRCode.create(url, { errorCorrectionLevel: QR_OPTIONS.errorCorrectionLevel });

/**
 * Draws the code's dark modules as one filled path on a white square with the quiet zone, each row's runs of dark
 * modules merged into one rectangle (about a tenth of the rectangles of one per module).
 */
function drawQr(doc: PDFKit.PDFDocument, qr: QRCode.QRCode, x: number, y: number, size: number): void {
  const n = qr.modules.size;
  const cell = size / (n + 2 * QR_OPTIONS.margin);
  const origin = QR_OPTIONS.margin * cell;
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col++;
      doc.rect(x + origin + start * cell, y + origin + row * cell, (col - start) * cell, cell);
    }
  }
  doc.fill('#000000');
}

/**
 * Draws one A4 portrait (595 × 842 pt) poster on the current page: the chain's logo (when set), headline, store name,
 * a 300 pt QR code, the call to action and the link in words; the brand colour on the top bar and the "Scan me" label.
 */
export function drawPoster(
  doc: PDFKit.PDFDocument,
  page: { storeName: string; url: string; qr: QRCode.QRCode },
  brand: PosterBrand = NO_BRAND,
): void {
  const pageWidth = doc.page.width;
  const contentWidth = pageWidth - 112;
  const qrSize = 300;
  const accent = brand.color ?? DEFAULT_ACCENT;

  doc.rect(0, 0, pageWidth, brand.color ? 16 : 10).fill(accent);
  if (brand.logo) {
    // Fitted into a 220 × 64 pt box, centred: a wide wordmark and a square badge both fit above the headline.
    doc.image(brand.logo, (pageWidth - 220) / 2, 28, { fit: [220, 64], align: 'center', valign: 'center' });
  }
  doc.fillColor('#111827').font('Helvetica-Bold').fontSize(34).text(POSTER_HEADLINE, 56, brand.logo ? 104 : 80, {
    width: contentWidth,
    align: 'center',
  });
  doc.moveDown(0.4).font('Helvetica').fontSize(22).fillColor('#374151').text(page.storeName, {
    width: contentWidth,
    align: 'center',
    height: 56,
    ellipsis: true,
  });

  const qrX = (pageWidth - qrSize) / 2;
  const qrY = 240;
  drawQr(doc, page.qr, qrX, qrY, qrSize);
  // A print-to-PDF reader can also click the code.
  doc.link(qrX, qrY, qrSize, qrSize, page.url);

  const labelY = qrY + qrSize + 16;
  if (brand.color) {
    doc.roundedRect((pageWidth - 160) / 2, labelY - 4, 160, 30, 6).fill(brand.color);
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(brand.color ? (brand.textColor ?? '#111827') : '#111827')
    .text('Scan me', 56, labelY + 2, { width: contentWidth, align: 'center' });
  doc.moveDown(0.8).font('Helvetica').fontSize(15).fillColor('#374151').text(POSTER_CALL_TO_ACTION, 56, labelY + 40, {
    width: contentWidth,
    align: 'center',
    lineGap: 4,
  });
  doc.moveDown(1.2).fontSize(10).fillColor('#6b7280').text(page.url, { width: contentWidth, align: 'center' });

  doc
    .font('Helvetica-Oblique')
    .fontSize(11)
    .fillColor('#9ca3af')
    .text(POSTER_TAGLINE, 56, doc.page.height - 90, {
      width: contentWidth,
      align: 'center',
      lineBreak: false,
    });
}

/** One store's poster as a buffer (the single-poster route). */
export async function posterPdf(
  storeName: string,
  url: string,
  brand: PosterBrand = NO_BRAND,
): Promise<Buffer> {
  const qr = posterQr(url);
  const doc = newPosterDocument(`${storeName} – feedback poster`, url);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawPoster(doc, { storeName, url, qr }, brand);
  doc.end();
  return done;
}
