import { Anchor, Group, List, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AnalyticsTotals, CreatorAnalytics } from '../../../common/contracts/analytics';
import { OTHER_COUNTRY } from '../../../common/contracts/analytics';
import { countryName } from '../../../common/countries';
import { formatPeriodStart } from '../../../common/dates';
import { formatMoney } from '../../../common/money';
import { buildPath, ROUTES } from '../../../common/routes';
import { CountryFlag } from '../country-flag';
import { ChartCard, MeasureChart } from './measure-chart';

/** The measures that are counts, in the order the page shows them. */
const COUNTED = ['views', 'opens', 'appearances', 'requests', 'sales', 'refunds'] as const;

/** What a period's report shows: the totals, a chart per measure, and (for all videos) the top ones. */
export function AnalyticsReport({
  report,
  asTable,
  narrow = false,
}: {
  report: CreatorAnalytics;
  asTable: boolean;
  /** In a column of a page (a video's tab): two charts a row at most. */
  narrow?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const label = (start: string) => formatPeriodStart(start, report.bucket, i18n.language);
  const currencies = report.totals.earnings.map((amount) => amount.currency);
  const when = t('analytics.when');

  return (
    <Stack gap="lg">
      <Totals totals={report.totals} narrow={narrow} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: narrow ? 2 : 3 }} spacing="md">
        {COUNTED.map((measure) => (
          <MeasureChart
            key={measure}
            title={t(`analytics.measures.${measure}`)}
            hint={t(`analytics.hints.${measure}`)}
            points={report.series.map((point) => ({ label: label(point.start), value: point[measure] }))}
            asTable={asTable}
            whenLabel={when}
          />
        ))}
        {currencies.map((currency) => (
          <MeasureChart
            key={currency}
            title={t('analytics.earningsIn', { currency })}
            hint={t('analytics.hints.earnings')}
            points={report.series.map((point) => ({
              label: label(point.start),
              value: point.earnings.find((amount) => amount.currency === currency)?.cents ?? 0,
            }))}
            asTable={asTable}
            whenLabel={when}
            format={(cents) => formatMoney(cents, currency, i18n.language)}
          />
        ))}
        {currencies.length === 0 && (
          <ChartCard title={t('analytics.measures.earnings')} hint={t('analytics.hints.earnings')}>
            <Text size="sm" c="dimmed">
              {t('analytics.noEarnings')}
            </Text>
          </ChartCard>
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: report.topVideos.length > 0 ? 3 : 2 }} spacing="md">
        <TopVideos report={report} />
        <SearchWords words={report.searchWords} />
        <Countries countries={report.countries} />
      </SimpleGrid>
    </Stack>
  );
}

/** The period's figures at a glance. */
function Totals({ totals, narrow }: { totals: AnalyticsTotals; narrow: boolean }) {
  const { t, i18n } = useTranslation();
  const tiles = [
    ...COUNTED.map((measure) => ({
      key: measure,
      label: t(`analytics.measures.${measure}`),
      value: totals[measure].toLocaleString(i18n.language),
    })),
    ...totals.earnings.map((amount) => ({
      key: amount.currency,
      label: t('analytics.earningsIn', { currency: amount.currency }),
      value: formatMoney(amount.cents, amount.currency, i18n.language),
    })),
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: narrow ? 4 : 7 }} spacing="sm" component="dl" m={0}>
      {tiles.map((tile) => (
        <Paper key={tile.key} withBorder radius="md" p="sm">
          <Text component="dt" size="xs" c="dimmed">
            {tile.label}
          </Text>
          <Text component="dd" m={0} fw={700} fz="xl" data-testid={`total-${tile.key}`}>
            {tile.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function TopVideos({ report }: { report: CreatorAnalytics }) {
  const { t, i18n } = useTranslation();
  if (report.topVideos.length === 0) return null;
  return (
    <ChartCard title={t('analytics.topVideos')} hint={t(`analytics.periods.${report.period}`)}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('analytics.video')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('analytics.measures.views')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('analytics.measures.sales')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.topVideos.map((video) => (
            <Table.Tr key={video.id}>
              <Table.Th scope="row" fw={400}>
                <Anchor
                  component={Link}
                  to={buildPath(ROUTES.video, { videoId: video.id })}
                  size="sm"
                  underline="always"
                >
                  {video.title}
                </Anchor>
              </Table.Th>
              <Table.Td ta="right">{video.views.toLocaleString(i18n.language)}</Table.Td>
              <Table.Td ta="right">{video.sales.toLocaleString(i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ChartCard>
  );
}

function SearchWords({ words }: { words: CreatorAnalytics['searchWords'] }) {
  const { t, i18n } = useTranslation();
  return (
    <ChartCard title={t('analytics.searchWords')} hint={t('analytics.searchWordsHint')}>
      {words.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('analytics.noSearchWords')}
        </Text>
      ) : (
        <List spacing={4} size="sm" listStyleType="none" p={0}>
          {words.map((entry) => (
            <List.Item key={entry.words}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  “{entry.words}”
                </Text>
                <Text size="sm" c="dimmed">
                  {entry.opens.toLocaleString(i18n.language)}
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </ChartCard>
  );
}

function Countries({ countries }: { countries: CreatorAnalytics['countries'] }) {
  const { t, i18n } = useTranslation();
  return (
    <ChartCard title={t('analytics.countries')} hint={t('analytics.countriesHint')}>
      {countries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('analytics.noCountries')}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('analytics.country')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('analytics.measures.sales')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {countries.map((entry) => (
              <Table.Tr key={entry.country}>
                <Table.Th scope="row" fw={400}>
                  <Group gap={6} wrap="nowrap">
                    {entry.country !== OTHER_COUNTRY && <CountryFlag alpha2={entry.country} size={16} />}
                    {entry.country === OTHER_COUNTRY
                      ? t('analytics.otherCountries')
                      : countryName(entry.country, i18n.language)}
                  </Group>
                </Table.Th>
                <Table.Td ta="right">{entry.sales.toLocaleString(i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </ChartCard>
  );
}
