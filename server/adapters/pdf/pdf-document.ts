import path from 'node:path';
import { projectRoot } from '../../project-root';

/** DejaVu Sans: the PDF standard fonts have no Greek letters, and our documents may be all Greek. */
const FONTS_DIR = path.join(projectRoot, 'server', 'assets', 'fonts');

/** What a document says about itself (the reader's title bar, search, the file's properties). */
export interface PdfInfo {
  Title: string;
  Author: string;
  Subject?: string;
}

/**
 * An A4 PDF drawn by `draw`, with the fonts 'regular' and 'bold' registered: the license certificate
 * and the sample terms of service share it. Resolves with the whole file once `draw` has ended it.
 * pdfkit loads at the first document, not at every start of the server.
 */
export async function renderPdf(info: PdfInfo, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 56, info });
  doc.registerFont('regular', path.join(FONTS_DIR, 'DejaVuSans.ttf'));
  doc.registerFont('bold', path.join(FONTS_DIR, 'DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** Greek capitals carry no accents: ΑΡΙΘΜΟΣ, not ΑΡΙΘΜΌΣ, which toUpperCase alone would give. */
export const capitals = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
