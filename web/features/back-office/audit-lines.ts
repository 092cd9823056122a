import { AUDIT_FIELDS, type AuditField, isAuditField } from '../../../common/audit';
import { formatDate } from '../../../common/dates';
import { formatMoney } from '../../../common/money';
import type { TFunction } from '../../../common/translator';

type Values = Record<string, unknown> | null;

const asRecord = (value: unknown): Values =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** Where a subject's statuses are named: a refunded sale is stored `cancelled` and reads "Refunded". */
function statusLabel(subjectType: string, action: string, status: string, t: TFunction): string {
  if (subjectType === 'license_request') {
    return t(
      `licensing.status.${action === 'license.refund' && status === 'cancelled' ? 'refunded' : status}`,
    );
  }
  if (subjectType === 'withdrawal_request') return t(`withdrawals.statuses.${status}`);
  return status;
}

interface Row {
  subjectType: string;
  action: string;
  currency: string | null;
  language: string;
}

/** One value for people, by the kind of its field (common/audit.ts). */
function readable(field: AuditField, value: unknown, row: Row, t: TFunction): string {
  if (value === undefined || value === null || value === '') return '—';
  const kind = AUDIT_FIELDS[field];
  switch (kind) {
    case 'rights':
      if (!Array.isArray(value)) break;
      return value.length === 0
        ? t('backOffice.audit.noRights')
        : value.map((right) => t(`backOffice.rights.${String(right)}`)).join(', ');
    case 'account':
      return t(value ? 'backOffice.users.disabled' : 'backOffice.users.active');
    case 'boolean':
      return t(value ? 'backOffice.yes' : 'backOffice.no');
    case 'money':
      if (typeof value !== 'number' || !row.currency) break;
      return formatMoney(value, row.currency, row.language);
    case 'status':
      return statusLabel(row.subjectType, row.action, String(value), t);
    case 'percent':
      return `${String(value)} %`;
    case 'days':
      return t('backOffice.audit.days', { count: Number(value) });
    case 'date': {
      const date = new Date(String(value));
      if (Number.isNaN(date.getTime())) break;
      return formatDate(date, row.language);
    }
    case 'list':
      return Array.isArray(value) ? value.map(String).join(', ') || '—' : String(value);
    case 'scope':
      return t(`adminSettings.scopes.${String(value)}`);
    case 'language':
      return t(`languages.${String(value)}`);
    case 'ledgerType':
      return t(`backOffice.ledgerTypes.${String(value)}`);
    case 'changed':
      return t('backOffice.audit.changed');
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** One line of an audit row's change: the field's label and "before → after" (or only "changed"). */
export interface AuditLine {
  field: AuditField;
  label: string;
  text: string;
}

/** The lines of an audit row's change, each part in the reader's language; unchanged fields left out. */
export function auditLines(
  entry: { subjectType: string; action: string; before: unknown; after: unknown },
  t: TFunction,
  language: string,
): AuditLine[] {
  const b = asRecord(entry.before);
  const a = asRecord(entry.after);
  const currency = [a?.currency, b?.currency].find((value) => typeof value === 'string') as
    | string
    | undefined;
  const row: Row = {
    subjectType: entry.subjectType,
    action: entry.action,
    currency: currency ?? null,
    language,
  };
  const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])].filter(isAuditField);
  return fields.flatMap((field) => {
    const label = t(`backOffice.audit.fields.${field}`);
    // A privacy text that changed reads "changed" once, not "changed → changed".
    if (AUDIT_FIELDS[field] === 'changed') {
      const same = JSON.stringify(b?.[field]) === JSON.stringify(a?.[field]);
      return same ? [] : [{ field, label, text: t('backOffice.audit.changed') }];
    }
    const from = readable(field, b?.[field], row, t);
    const to = readable(field, a?.[field], row, t);
    return from === to ? [] : [{ field, label, text: `${from} → ${to}` }];
  });
}
