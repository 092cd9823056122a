import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_FIELDS, AUDIT_SUBJECTS } from '../../../common/audit';
import { LANGUAGES } from '../../../common/constants';
import el from '../../../common/i18n/el.json' with { type: 'json' };
import en from '../../../common/i18n/en.json' with { type: 'json' };
import { Translator } from '../../../common/translator';
import { auditLines } from './audit-lines';

const i18n = new Translator('en', { en, el });
const inGreek = i18n.getFixedT('el');
const inEnglish = i18n.getFixedT('en');

describe('the audit log in the reader’s words', () => {
  it('has a label in English and Greek for every action, subject and field the server may write', () => {
    const keys = [
      ...AUDIT_ACTIONS.map((action) => `backOffice.audit.actions.${action}`),
      ...AUDIT_SUBJECTS.map((subject) => `backOffice.audit.subjects.${subject}`),
      ...Object.keys(AUDIT_FIELDS).map((field) => `backOffice.audit.fields.${field}`),
    ];
    for (const language of LANGUAGES) {
      const missing = keys.filter((key) => !i18n.exists(key, language));
      expect(missing, language).toEqual([]);
    }
  });

  it('shows a refund as money and the sale as refunded, and leaves ids out', () => {
    const lines = auditLines(
      {
        subjectType: 'license_request',
        action: 'license.refund',
        before: { status: 'completed' },
        after: {
          status: 'cancelled',
          refundedCents: 24000,
          currency: 'EUR',
          refundId: 're_1',
          revertedRows: 3,
        },
      },
      inGreek,
      'el',
    );
    expect(lines.map((line) => `${line.label}: ${line.text}`)).toEqual([
      'Κατάσταση: Ολοκληρώθηκε → Επιστράφηκαν τα χρήματα',
      'Επιστροφή: — → 240,00\u00a0€',
      'Νόμισμα: — → EUR',
      'Αναφορά επιστροφής: — → re_1',
    ]);
  });

  it('shows settings as percentages, days and money, and a long text only as changed', () => {
    const settings = auditLines(
      {
        subjectType: 'app_settings',
        action: 'settings.update',
        before: {
          creatorSharePercent: 50,
          withdrawalDelayDays: 30,
          withdrawalMinimumCents: 5000,
          currency: 'EUR',
        },
        after: {
          creatorSharePercent: 60,
          withdrawalDelayDays: 1,
          withdrawalMinimumCents: 4990,
          currency: 'EUR',
        },
      },
      inEnglish,
      'en',
    );
    expect(settings.map((line) => `${line.label}: ${line.text}`)).toEqual([
      'Creator share: 50 % → 60 %',
      'Withdrawal delay: 30 days → 1 day',
      'Withdrawal minimum: €50.00 → €49.90',
    ]);
    const privacy = auditLines(
      {
        subjectType: 'privacy_policy',
        action: 'privacy.update',
        before: { en: 'a', el: 'b' },
        after: { en: 'c', el: 'b' },
      },
      inEnglish,
      'en',
    );
    expect(privacy.map((line) => `${line.label}: ${line.text}`)).toEqual(['English text: changed']);
  });
});
