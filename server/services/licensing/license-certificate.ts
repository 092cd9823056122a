import { APP_NAME, type Language } from '../../../common/constants';
import type { VideoProvenance } from '../../../common/contracts/capture-metadata';
import { countryName } from '../../../common/countries';
import { formatDate } from '../../../common/dates';
import { formatMoney } from '../../../common/money';
import { capitals, renderPdf } from '../../adapters/pdf/pdf-document';
import type { LicensePaymentRow } from '../../repositories/license-payments.repository';
import { textsIn } from '../mail/mail-templates';
import { provenanceLines } from './certificate-provenance';
import { billingOf, licenseTypeName } from './license-snapshot';

/**
 * The license certificate a buyer shows a broadcaster: license id, licensee and billing details, the
 * video's title and id, the type, the usage, the price and the date, in the buyer's language.
 */
export function renderLicenseCertificate(
  request: LicensePaymentRow & { completed_at: Date },
  language: Language,
  publicUrl: string,
  /** What the original says of its filming (issue 33), when the video's row is still there. */
  provenance?: VideoProvenance,
): Promise<Buffer> {
  const t = textsIn(language);
  const billing = billingOf(request.billing_address);
  const date = formatDate(request.completed_at, language, { timeZone: 'UTC' });

  return renderPdf({ Title: t('certificate.title'), Author: APP_NAME, Subject: request.id }, (doc) => {
    doc.font('bold').fontSize(11).fillColor('#0b7285').text(APP_NAME.toUpperCase(), { characterSpacing: 2 });
    doc.moveDown(0.5).fontSize(22).fillColor('#1a1b1e').text(t('certificate.title'));
    doc.moveDown(0.3).font('regular').fontSize(10).fillColor('#555').text(t('certificate.intro'));
    doc.moveDown(1);

    const field = (label: string, value: string) => {
      doc.font('bold').fontSize(9).fillColor('#666').text(capitals(label), { characterSpacing: 0.5 });
      doc
        .font('regular')
        .fontSize(12)
        .fillColor('#1a1b1e')
        .text(value || '—');
      doc.moveDown(0.6);
    };
    const licensee = [
      billing.name,
      billing.address,
      [billing.postalCode, billing.city].filter(Boolean).join(' '),
      billing.state,
      billing.country ? countryName(billing.country, language) : undefined,
    ].filter(Boolean);
    const contact = [billing.contactEmail, billing.contactPhone].filter(Boolean).join(' · ');

    field(t('certificate.licenseId'), request.id);
    field(t('certificate.date'), date);
    field(t('certificate.licensee'), licensee.join('\n'));
    if (contact) field(t('certificate.contact'), contact);
    if (billing.vatNumber) field(t('certificate.vatNumber'), billing.vatNumber);
    field(
      t('certificate.video'),
      `${request.video_title}\n${t('certificate.videoId', { id: request.video_id })}`,
    );
    field(t('certificate.licenseType'), licenseTypeName(request.license_type_snapshot, language));
    field(t('certificate.usage'), request.usage);
    field(t('certificate.price'), formatMoney(request.price_cents ?? 0, request.currency, language));
    if (provenance) {
      doc.moveDown(0.4).font('bold').fontSize(14).fillColor('#1a1b1e').text(t('certificate.fromFile'));
      doc.moveDown(0.2).font('regular').fontSize(9).fillColor('#555').text(t('certificate.fromFileIntro'));
      doc.moveDown(0.6);
      for (const [label, value] of provenanceLines(provenance, t, language)) field(label, value);
    }

    doc
      .moveDown(1)
      .font('regular')
      .fontSize(9)
      .fillColor('#666')
      .text(t('certificate.footer', { url: publicUrl }));
  });
}
