import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

type Values = Record<string, unknown> | null;

const asRecord = (value: unknown): Values =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** One value for people: rights by their names, yes/no, plain text; anything deeper as compact JSON. */
function readable(key: string, value: unknown, t: TFunction): string {
  if (value === undefined || value === null) return '—';
  if (key === 'rights' && Array.isArray(value)) {
    return value.length === 0
      ? t('backOffice.audit.noRights')
      : value
          .map((right) => t(`backOffice.rights.${String(right)}`, { defaultValue: String(right) }))
          .join(', ');
  }
  if (key === 'disabled' && typeof value === 'boolean') {
    return t(value ? 'backOffice.users.disabled' : 'backOffice.users.active');
  }
  if (typeof value === 'boolean') return t(value ? 'backOffice.yes' : 'backOffice.no');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** "before → after" for each field an audit row changed, one line each. */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const b = asRecord(before);
  const a = asRecord(after);
  if (!b && !a) return null;
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return (
    <>
      {keys.map((key) => {
        const from = readable(key, b?.[key], t);
        const to = readable(key, a?.[key], t);
        if (from === to) return null;
        return (
          <Text key={key} size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span c="dimmed" size="sm">
              {t(`backOffice.audit.fields.${key}`, { defaultValue: key })}:{' '}
            </Text>
            {from} → {to}
          </Text>
        );
      })}
    </>
  );
}
