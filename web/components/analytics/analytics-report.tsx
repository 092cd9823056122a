import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AnalyticsTotals, CreatorAnalytics } from '../../../common/contracts/analytics';
import { OTHER_COUNTRY } from '../../../common/contracts/analytics';
import { countryName } from '../../../common/countries';
import { formatPeriodStart } from '../../../common/dates';
import { formatMoney } from '../../../common/money';
import { buildPath, ROUTES } from '../../../common/routes';
import { useTranslation } from '../../lib/translation';
import { CountryFlag } from '../country-flag';
import { ChartCard, FigureTable, MeasureChart } from './measure-chart';

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
      <FigureTable
        head={[t('analytics.video'), t('analytics.measures.views'), t('analytics.measures.sales')]}
        rows={report.topVideos.map((video) => ({
          key: video.id,
          name: (
            <Anchor
              component={Link}
              to={buildPath(ROUTES.video, { videoId: video.id })}
              size="sm"
              underline="always"
            >
              {video.title}
            </Anchor>
          ),
          figures: [video.views.toLocaleString(i18n.language), video.sales.toLocaleString(i18n.language)],
        }))}
      />
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
        <FigureTable
          head={[t('analytics.search'), t('analytics.measures.opens')]}
          rows={words.map((entry) => ({
            key: entry.words,
            name: <span style={{ overflowWrap: 'anywhere' }}>“{entry.words}”</span>,
            figures: [entry.opens.toLocaleString(i18n.language)],
          }))}
        />
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
        <FigureTable
          head={[t('analytics.country'), t('analytics.measures.sales')]}
          rows={countries.map((entry) => ({
            key: entry.country,
            name:
              entry.country === OTHER_COUNTRY ? (
                t('analytics.otherCountries')
              ) : (
                <Group gap={6} wrap="nowrap">
                  <CountryFlag alpha2={entry.country} size={16} />
                  {countryName(entry.country, i18n.language)}
                </Group>
              ),
            figures: [entry.sales.toLocaleString(i18n.language)],
          }))}
        />
      )}
    </ChartCard>
  );
}
