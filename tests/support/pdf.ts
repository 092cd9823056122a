import PDFDocument from 'pdfkit';

/** A small real PDF (one page of text), made on the spot for the terms of service uploads. */
export function pdfBytes(text = 'Terms of Service'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: 'A4', info: { Title: text } });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    document.fontSize(20).text(text);
    document.fontSize(11).text('These terms govern the use of the service.');
    document.end();
  });
}
