import type { Language } from '../../../common/constants';
import type { VideoProvenance } from '../../../common/contracts/capture-metadata';
import { formatDateTime } from '../../../common/dates';
import { provenanceWarnings } from '../../../common/provenance';
import type { TFunction } from '../../../common/translator';

/**
 * The certificate's "From the file" lines (issue 33): the same facts as the video page's card, as label
 * and value, with the warnings where the file and the typed details differ. Times are written in UTC
 * with the offset where it was filmed: a certificate has no reader's zone.
 */
export function provenanceLines(
  facts: VideoProvenance,
  t: TFunction,
  language: Language,
): [string, string][] {
  const lines: [string, string][] = [];
  const { capture } = facts;
  if (facts.sha256) lines.push([t('provenance.sha256'), facts.sha256]);
  lines.push([t('provenance.copyCheck'), t(`provenance.copyResult.${facts.copyCheck}`)]);
  if (!capture) return lines;
  if (!capture.capturedAt && !capture.location && !capture.device)
    lines.push([t('provenance.filmed'), t('provenance.noCapture')]);
  if (capture.capturedAt) {
    const time = `${formatDateTime(capture.capturedAt, language, { timeZone: 'UTC' })} UTC`;
    lines.push([
      t('provenance.filmed'),
      capture.capturedOffset ? t('certificate.filmedAt', { time, offset: capture.capturedOffset }) : time,
    ]);
  }
  if (capture.location)
    lines.push([
      t('provenance.place'),
      `${capture.location.lat.toFixed(5)}, ${capture.location.lng.toFixed(5)}`,
    ]);
  if (capture.device)
    lines.push([t('provenance.device'), [capture.device, capture.software].filter(Boolean).join(' · ')]);
  if (capture.editedWith)
    lines.push([
      t('provenance.editedWith'),
      t('provenance.editedWithHint', { software: capture.editedWith }),
    ]);
  for (const warning of provenanceWarnings(facts, t, language))
    lines.push([t('provenance.mismatchTitle'), warning]);
  return lines;
}
