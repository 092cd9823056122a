import {
  type AnalyticsPeriod,
  type AnalyticsTotals,
  type CreatorAnalytics,
  OTHER_COUNTRY,
} from '../../../common/contracts/analytics';
import { utcDay } from '../../../common/dates';
import { rowEffect } from '../../../common/ledger';
import { notFound } from '../../errors';
import {
  type AnalyticsScope,
  creatorAnalyticsRepository,
} from '../../repositories/creator-analytics.repository';
import type { Executor } from '../../repositories/executor';
import { type PeriodRange, periodRange, pointOf } from './analytics-periods';

/** How many videos and searches a report lists. */
const TOP_VIDEOS = 5;
const TOP_SEARCHES = 10;

type Counted = Exclude<keyof AnalyticsTotals, 'earnings'>;

/** Counts being added up, with earnings per currency. */
class Tally {
  readonly counts: Record<Counted, number> = {
    views: 0,
    opens: 0,
    appearances: 0,
    requests: 0,
    sales: 0,
    refunds: 0,
  };
  readonly earnings = new Map<string, number>();

  add(measure: Counted, times: number) {
    this.counts[measure] += times;
  }
  earn(currency: string, cents: number) {
    this.earnings.set(currency, (this.earnings.get(currency) ?? 0) + cents);
  }
  get active() {
    return Object.values(this.counts).some((n) => n > 0) || this.earnings.size > 0;
  }
  toTotals(): AnalyticsTotals {
    const earnings = [...this.earnings]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, cents]) => ({ currency, cents }));
    return { ...this.counts, earnings };
  }
}

/** The tallies a report fills: the period's, each chart point's and each video's. */
function tallies(range: PeriodRange) {
  const total = new Tally();
  const points = new Map(range.starts.map((start) => [start, new Tally()]));
  const videos = new Map<string, Tally>();
  const videoTally = (id: string) => videos.get(id) ?? videos.set(id, new Tally()).get(id)!;
  /** Adds to the total, the day's point and the video; a day outside the period adds nothing. */
  const on = (day: string, videoId: string, add: (tally: Tally) => void) => {
    if (day < range.from) return;
    const point = points.get(pointOf(range, day));
    if (!point) return;
    for (const tally of [total, point, videoTally(videoId)]) add(tally);
  };
  return { total, points, videos, on };
}

/** Countries with one sale become "other": one sale would point at one buyer. */
export function foldCountries(sales: ReadonlyMap<string, number>): CreatorAnalytics['countries'] {
  let other = 0;
  const shown: CreatorAnalytics['countries'] = [];
  for (const [country, count] of sales) {
    if (country === OTHER_COUNTRY || count < 2) other += count;
    else shown.push({ country, sales: count });
  }
  shown.sort((a, b) => b.sales - a.sales || a.country.localeCompare(b.country));
  return other > 0 ? [...shown, { country: OTHER_COUNTRY, sales: other }] : shown;
}

/**
 * Creators' analytics (issue 35): what their videos were seen, asked for, bought and earned over a period,
 * per day or month, from the daily counters and the rows of their requests and ledger. Only the owner
 * reads a video's: anyone else's, and a video that is not there, is "not found".
 */
export function creatorAnalyticsService(deps: { db: Executor; now: () => Date }) {
  const analytics = creatorAnalyticsRepository(deps.db);

  async function report(scope: AnalyticsScope, period: AnalyticsPeriod): Promise<CreatorAnalytics> {
    const range = periodRange(period, deps.now(), await analytics.firstVideoAt(scope));
    const fromMoment = new Date(`${range.from}T00:00:00Z`);
    const [counters, requests, earnings, searchWords] = await Promise.all([
      analytics.counters(scope, range.from),
      analytics.requests(scope, fromMoment),
      analytics.earnings(scope, fromMoment),
      analytics.searchWords(scope, range.from, TOP_SEARCHES),
    ]);
    const { total, points, videos, on } = tallies(range);
    for (const row of counters)
      on(row.day, row.video_id, (tally) => {
        tally.add('views', row.views);
        tally.add('opens', row.opens);
        tally.add('appearances', row.appearances);
      });
    const countries = new Map<string, number>();
    for (const row of requests) {
      on(utcDay(row.created_at), row.video_id, (tally) => tally.add('requests', 1));
      if (row.completed_at && row.completed_at >= fromMoment) {
        on(utcDay(row.completed_at), row.video_id, (tally) => tally.add('sales', 1));
        const country = row.country ?? OTHER_COUNTRY;
        countries.set(country, (countries.get(country) ?? 0) + 1);
      }
      if (row.refunded_at) on(utcDay(row.refunded_at), row.video_id, (tally) => tally.add('refunds', 1));
    }
    for (const row of earnings) {
      const cents = rowEffect({
        type: row.type,
        status: row.status,
        amountCents: row.amount_cents,
        currency: row.currency,
        availableAt: null,
        reversesId: row.reverses_id,
      });
      on(utcDay(row.created_at), row.video_id, (tally) => tally.earn(row.currency, cents));
    }
    return {
      period,
      bucket: range.bucket,
      from: range.from,
      totals: total.toTotals(),
      series: [...points].map(([start, tally]) => ({ start, ...tally.toTotals() })),
      topVideos: scope.videoId ? [] : await topVideos(videos),
      searchWords: searchWords.map((row) => ({ words: row.words, opens: Number(row.opens) })),
      countries: foldCountries(countries),
    };
  }

  async function topVideos(videos: Map<string, Tally>): Promise<CreatorAnalytics['topVideos']> {
    const best = [...videos]
      .filter(([, tally]) => tally.active)
      .sort(
        ([, a], [, b]) =>
          b.counts.sales - a.counts.sales ||
          b.counts.views - a.counts.views ||
          b.counts.opens - a.counts.opens,
      )
      .slice(0, TOP_VIDEOS);
    const titles = new Map(
      (await analytics.titles(best.map(([id]) => id))).map((row) => [row.id, row.title]),
    );
    return best.map(([id, tally]) => ({ id, title: titles.get(id) ?? '', ...tally.toTotals() }));
  }

  return {
    mine: (ownerId: string, period: AnalyticsPeriod) => report({ ownerId }, period),

    async ofVideo(ownerId: string, videoId: string, period: AnalyticsPeriod): Promise<CreatorAnalytics> {
      if (!(await analytics.owns(ownerId, videoId))) throw notFound();
      return report({ ownerId, videoId }, period);
    },
  };
}
