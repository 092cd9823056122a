import { APP_NAME, type Language } from '../../../common/constants';
import { formatDate, formatMonth } from '../../../common/dates';
import { formatMoney } from '../../../common/money';
import type { TFunction } from '../../../common/translator';
import { capitals, renderPdf } from '../../adapters/pdf/pdf-document';
import { textsIn } from '../mail/mail-templates';
import type { CurrencyStatement, MonthlyStatement, StatementLine } from './monthly-statement';

/** The columns of a statement's lines on an A4 page with 56 pt margins (483 pt wide). */
const COLUMNS = { date: 0, description: 88, amount: 373 } as const;
const WIDTHS = { date: 84, description: 280, amount: 110 } as const;

/**
 * A member's monthly statement as a PDF, with the license certificate's look (the same header, labels in
 * capitals, the bundled fonts), in the member's language. Dates are UTC days, as the month is.
 */
export function renderStatementPdf(
  statement: MonthlyStatement,
  member: { name: string; email: string },
  language: Language,
  publicUrl: string,
): Promise<Buffer> {
  const t = textsIn(language);
  const day = (at: Date) => formatDate(at, language, { timeZone: 'UTC' });
  const money = (cents: number, currency: string) => formatMoney(cents, currency, language);
  const monthName = formatMonth(statement.month, language);
  const lastDay = new Date(statement.until.getTime() - 1);
  const title = t('statement.title');

  return renderPdf({ Title: `${title} ${statement.month}`, Author: APP_NAME, Subject: monthName }, (doc) => {
    const left = doc.page.margins.left;
    doc.font('bold').fontSize(11).fillColor('#0b7285').text(APP_NAME.toUpperCase(), { characterSpacing: 2 });
    doc.moveDown(0.5).fontSize(22).fillColor('#1a1b1e').text(title);
    doc.moveDown(0.3).font('regular').fontSize(10).fillColor('#555').text(t('statement.intro'));
    doc.moveDown(1);

    const label = (text: string) =>
      doc
        .font('bold')
        .fontSize(9)
        .fillColor('#666')
        .text(capitals(text), left, doc.y, { characterSpacing: 0.5 });
    const field = (name: string, value: string) => {
      label(name);
      doc.font('regular').fontSize(12).fillColor('#1a1b1e').text(value);
      doc.moveDown(0.6);
    };
    /** One row of three columns; a new page first when the row would not fit. */
    const row = (cells: { date: string; description: string; amount: string }, bold = false) => {
      doc
        .font(bold ? 'bold' : 'regular')
        .fontSize(10)
        .fillColor('#1a1b1e');
      const height = doc.heightOfString(cells.description, { width: WIDTHS.description });
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const top = doc.y;
      doc.text(cells.date, left + COLUMNS.date, top, { width: WIDTHS.date });
      doc.text(cells.description, left + COLUMNS.description, top, { width: WIDTHS.description });
      const bottom = doc.y;
      doc.text(cells.amount, left + COLUMNS.amount, top, { width: WIDTHS.amount, align: 'right' });
      doc.x = left;
      doc.y = Math.max(bottom, doc.y) + 3;
    };

    field(t('statement.member'), [member.name, member.email].filter(Boolean).join('\n'));
    field(
      t('statement.period'),
      t('statement.periodDays', { month: monthName, from: day(statement.from), to: day(lastDay) }),
    );
    if (statement.currencies.length === 0) field(t('statement.balance'), t('statement.empty'));

    for (const entry of statement.currencies) {
      doc
        .moveDown(0.4)
        .font('bold')
        .fontSize(14)
        .fillColor('#1a1b1e')
        .text(t('statement.currency', { currency: entry.currency }), left);
      doc.moveDown(0.4);
      drawCurrency(entry, { t, day, money, row, label, from: statement.from, lastDay, doc });
    }

    doc
      .moveDown(1)
      .font('regular')
      .fontSize(9)
      .fillColor('#666')
      .text(t('statement.footer', { url: publicUrl }), left);
  });
}

interface Pen {
  t: TFunction;
  day: (at: Date) => string;
  money: (cents: number, currency: string) => string;
  row: (cells: { date: string; description: string; amount: string }, bold?: boolean) => void;
  label: (text: string) => void;
  from: Date;
  lastDay: Date;
  doc: PDFKit.PDFDocument;
}

/** One currency: its opening balance, each section's lines and total, its closing balance. */
function drawCurrency(entry: CurrencyStatement, pen: Pen) {
  const { t, day, money, row, label, doc } = pen;
  const amount = (cents: number) => money(cents, entry.currency);
  row({ date: day(pen.from), description: t('statement.opening'), amount: amount(entry.openingCents) }, true);
  if (entry.sections.length === 0) row({ date: '', description: t('statement.noMovements'), amount: '' });
  for (const section of entry.sections) {
    doc.moveDown(0.5);
    label(t(`statement.sections.${section.section}`));
    doc.moveDown(0.2);
    for (const line of section.lines)
      row({ date: day(line.at), description: describe(line, t), amount: amount(line.effectCents) });
    row({ date: '', description: t('statement.total'), amount: amount(section.totalCents) }, true);
  }
  doc.moveDown(0.5);
  row(
    { date: day(pen.lastDay), description: t('statement.closing'), amount: amount(entry.closingCents) },
    true,
  );
  if (entry.pendingCents !== 0)
    row({ date: '', description: t('statement.pending'), amount: amount(entry.pendingCents) });
}

/** A line in words: its type (a refund or reversal said so), the video, an adjustment's reason, a status. */
function describe(line: StatementLine, t: TFunction): string {
  const type = t(`earnings.types.${line.type}`);
  const kind = line.reversal
    ? `${t(line.type.startsWith('video_') ? 'earnings.refund' : 'earnings.reversal')}: ${type}`
    : type;
  const status = line.status === 'completed' || line.reversal ? null : t(`earnings.statuses.${line.status}`);
  return [
    kind,
    line.videoTitle && t('statement.video', { title: line.videoTitle }),
    line.reason,
    status && `(${status})`,
  ]
    .filter(Boolean)
    .join(' · ');
}
