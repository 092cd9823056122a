import { Anchor, Badge, Button, Container, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AuditEntry } from '../../../common/contracts/admin-users';
import { buildPath, ROUTES } from '../../../common/routes';
import { QueryState } from '../../components/query-state';
import { useDates } from '../../lib/dates';
import { useTranslation } from '../../lib/translation';
import { useUrlFilter } from '../../lib/url-filter';
import { displayName } from '../../lib/user-path';
import { useAuditLog } from './api';
import { AuditChange } from './audit-change';

/** Where a subject of the log can be opened, when it has a page. */
function subjectPath(entry: AuditEntry): string | null {
  if (!entry.subjectId) return null;
  switch (entry.subjectType) {
    case 'user':
      return buildPath(ROUTES.adminUser, { userId: entry.subjectId });
    case 'license_request':
      return buildPath(ROUTES.adminLicenseRequest, { licenseRequestId: entry.subjectId });
    case 'withdrawal_request':
      return ROUTES.adminWithdrawalRequests;
    default:
      return null;
  }
}

function Entry({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const when = useDates().dateTime(entry.createdAt);
  const path = subjectPath(entry);
  const subjectLabel =
    entry.subjectType === 'user' && entry.subjectName !== null
      ? displayName(entry.subjectName, t)
      : t(`backOffice.audit.subjects.${entry.subjectType}`);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="li"
      data-testid="audit-entry"
      style={{ listStyle: 'none' }}
    >
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light">{t(`backOffice.audit.actions.${entry.action}`)}</Badge>
          <Text size="sm" c="dimmed">
            <time dateTime={entry.createdAt}>{when}</time>
          </Text>
        </Group>
        <Text size="sm">
          {t('backOffice.audit.by')}{' '}
          {entry.actor ? (
            <Anchor component={Link} to={buildPath(ROUTES.adminUser, { userId: entry.actor.id })}>
              {displayName(entry.actor.name, t)}
            </Anchor>
          ) : (
            t('backOffice.audit.unknownActor')
          )}
          {' · '}
          {path ? (
            <Anchor component={Link} to={path}>
              {subjectLabel}
            </Anchor>
          ) : (
            subjectLabel
          )}
        </Text>
        <AuditChange
          subjectType={entry.subjectType}
          action={entry.action}
          before={entry.before}
          after={entry.after}
        />
        {entry.reason && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span c="dimmed" size="sm">
              {t('backOffice.audit.reason')}:{' '}
            </Text>
            {entry.reason}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** /admin/audit: every admin action, newest first, filtered by admin and action. */
export function AuditPage() {
  const { t } = useTranslation();
  const { params, setParam } = useUrlFilter();
  const filter = { actorId: params.get('actor'), action: params.get('action') };
  const log = useAuditLog(filter);
  const first = log.data?.pages[0];
  const items = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('routes.adminAudit')}</Title>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <Select
            label={t('backOffice.audit.admin')}
            placeholder={t('backOffice.users.any')}
            data={(first?.actors ?? []).map((actor) => ({
              value: actor.id,
              label: displayName(actor.name, t),
            }))}
            value={filter.actorId}
            onChange={(value) => setParam('actor', value)}
            clearable
            searchable
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label={t('backOffice.audit.action')}
            placeholder={t('backOffice.users.any')}
            data={(first?.actions ?? []).map((action) => ({
              value: action,
              label: t(`backOffice.audit.actions.${action}`),
            }))}
            value={filter.action}
            onChange={(value) => setParam('action', value)}
            clearable
            w={{ base: '100%', xs: 220 }}
          />
        </Group>
        <QueryState query={log} />
        {log.isSuccess && items.length === 0 && <Text c="dimmed">{t('backOffice.audit.empty')}</Text>}
        {items.length > 0 && (
          <Stack gap="sm" component="ul" p={0} m={0}>
            {items.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </Stack>
        )}
        {log.hasNextPage && (
          <Button variant="default" onClick={() => log.fetchNextPage()} loading={log.isFetchingNextPage}>
            {t('moderation.queue.loadMore')}
          </Button>
        )}
      </Stack>
    </Container>
  );
}
