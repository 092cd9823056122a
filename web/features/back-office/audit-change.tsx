import { Text } from '@mantine/core';
import { useTranslation } from '../../lib/translation';
import { auditLines } from './audit-lines';

/** "before → after" for each field an audit row changed, one line each, every part in the reader's words. */
export function AuditChange(entry: { subjectType: string; action: string; before: unknown; after: unknown }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {auditLines(entry, t, i18n.language ?? 'en').map((line) => (
        <Text key={line.field} size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span c="dimmed" size="sm">
            {line.label}:{' '}
          </Text>
          {line.text}
        </Text>
      ))}
    </>
  );
}
