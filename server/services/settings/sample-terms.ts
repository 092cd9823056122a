import { APP_NAME, LANGUAGES } from '../../../common/constants';
import { renderPdf } from '../../adapters/pdf/pdf-document';
import { textsIn } from '../mail/mail-templates';

const SECTIONS = ['service', 'videos', 'licenses', 'earnings', 'conduct'] as const;

/**
 * The terms a fresh install publishes, so that sign-up and the upload agreement never link to "No terms
 * published yet": a short sample in every language, one after the other, that says it is a sample for an
 * administrator to replace.
 */
export function renderSampleTerms(): Promise<Buffer> {
  const texts = LANGUAGES.map(textsIn);
  const title = texts.map((t) => t('termsSample.title')).join(' / ');
  return renderPdf({ Title: title, Author: APP_NAME }, (doc) => {
    texts.forEach((t, index) => {
      if (index > 0) doc.addPage();
      const app = { app: APP_NAME };
      doc.font('bold').fontSize(20).fillColor('#1a1b1e').text(t('termsSample.title'));
      doc.moveDown(0.5).font('regular').fontSize(10).fillColor('#9c3d00').text(t('termsSample.notice', app));
      for (const section of SECTIONS) {
        doc.moveDown(1).font('bold').fontSize(12).fillColor('#1a1b1e');
        doc.text(t(`termsSample.sections.${section}.heading`));
        doc
          .moveDown(0.3)
          .font('regular')
          .fontSize(11)
          .text(t(`termsSample.sections.${section}.body`, app));
      }
    });
  });
}
