import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  LICENSE_STATUSES,
  type LicenseRequestSummary,
  type LicenseStatus,
} from '../../../common/contracts/licenses';
import { buildPath, ROUTES } from '../../../common/routes';
import { FormError } from '../../components/form-error';
import { PageHeader } from '../../components/page-header';
import { COLOUR_BARS } from '../../components/video-card';
import { useDates } from '../../lib/dates';
import { useTranslation } from '../../lib/translation';
import { knownParam, useUrlFilter, useUrlSearch } from '../../lib/url-filter';
import { useLicenseRequests } from './api';
import { LicenseStatusBadge, usePriceText, useTypeTexts } from './license-texts';

const parseStatus = (value: string | null): LicenseStatus | null => knownParam(LICENSE_STATUSES, value);

/** One request in a list: its clip, type, status, price and date, linking to its page. */
export function LicenseRequestRow({ item, asManager }: { item: LicenseRequestSummary; asManager: boolean }) {
  const { t } = useTranslation();
  const texts = useTypeTexts();
  const price = usePriceText();
  const { date: formatDate } = useDates();
  const to = buildPath(asManager ? ROUTES.adminLicenseRequest : ROUTES.myLicense, {
    licenseRequestId: item.id,
  });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="license-row">
      <Group wrap="nowrap" gap="md" align="center">
        <Box
          w={{ base: 88, sm: 128 }}
          style={{
            aspectRatio: '16 / 9',
            flexShrink: 0,
            borderRadius: 8,
            overflow: 'hidden',
            background: COLOUR_BARS,
          }}
        >
          {item.video.thumbnailUrl && (
            <img
              src={item.video.thumbnailUrl}
              alt=""
              loading="lazy"
              style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          )}
        </Box>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Anchor component={Link} to={to} fw={700} lineClamp={1} c="inherit">
            {item.video.title}
          </Anchor>
          <Text size="sm" c="dimmed" lineClamp={1}>
            {texts(item.type).name}
            {asManager && ` · ${t('licensing.list.by', { name: item.buyer.name })}`}
          </Text>
          <Group gap="xs" wrap="wrap">
            <LicenseStatusBadge request={item} />
            <Text size="sm" fw={600}>
              {price(item.priceCents, item.currency)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDate(item.createdAt)}
            </Text>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * A list of license requests with a status filter (`?status=`) and "Load more": the buyer's own on
 * /me/licenses, every request (searchable, open ones oldest first) on /admin/license_requests.
 */
export function LicenseRequestList({ asManager }: { asManager: boolean }) {
  const { t } = useTranslation();
  const { params, setParam } = useUrlFilter();
  const status = parseStatus(params.get('status'));
  const { query, inputProps } = useUrlSearch();
  const list = useLicenseRequests(asManager ? 'managed' : 'mine', { status, q: asManager ? query : '' });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="md">
      <PageHeader title={t(asManager ? 'licensing.list.managerTitle' : 'licensing.list.title')}>
        <Group gap="sm" wrap="wrap" align="flex-end">
          {asManager && (
            <TextInput
              label={t('licensing.list.search')}
              placeholder={t('licensing.list.searchPlaceholder')}
              leftSection={<IconSearch size={16} />}
              {...inputProps}
              w={{ base: '100%', xs: 260 }}
            />
          )}
          <Select
            label={t('licensing.list.status')}
            data={[
              { value: 'all', label: t('licensing.list.allStatuses') },
              ...LICENSE_STATUSES.map((value) => ({ value, label: t(`licensing.status.${value}`) })),
            ]}
            value={status ?? 'all'}
            onChange={(value) => setParam('status', value && value !== 'all' ? value : null)}
            allowDeselect={false}
            w={{ base: '100%', xs: 220 }}
          />
        </Group>
      </PageHeader>
      {list.isPending ? (
        <Stack gap="sm">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} h={88} radius="md" />
          ))}
        </Stack>
      ) : list.isError ? (
        <FormError error={list.error} />
      ) : items.length === 0 ? (
        <Alert color="gray" variant="light">
          <Stack gap="xs" align="flex-start">
            <Text>
              {t(
                status || query
                  ? 'licensing.list.noneMatching'
                  : asManager
                    ? 'licensing.list.emptyManager'
                    : 'licensing.list.empty',
              )}
            </Text>
            {!asManager && !status && (
              <Button component={Link} to={ROUTES.videos} variant="light" size="xs">
                {t('licensing.list.browse')}
              </Button>
            )}
          </Stack>
        </Alert>
      ) : (
        <Stack gap="sm">
          {items.map((item) => (
            <LicenseRequestRow key={item.id} item={item} asManager={asManager} />
          ))}
          {list.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => list.fetchNextPage()}
                loading={list.isFetchingNextPage}
              >
                {t('licensing.list.loadMore')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
