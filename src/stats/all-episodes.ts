import type { Pricing } from "../config/schema.js";
import type { Plan } from "../lower/plan.js";
import { wordsMs } from "../lower/spoken-length.js";
import { addToBill, emptyBill, totalCost, totalUnits } from "../pricing/billing.js";
import type { EpisodeStats, StatsTotals } from "./episode-stats.js";
import { roundMoney } from "../pricing/money.js";

/*
 * The totals of several episodes, as one `podc run` of them all would send them: a request that two scripts share
 * (the same jingle, the same sponsor read) is one job, sent and billed once. Words and time are added up as they
 * are heard, in every episode. A cost is given only when every episode has prices, in one currency.
 */

export interface AllEpisodesTotals extends Omit<StatsTotals, "durationMs"> {
  episodes: number;
  /** The spoken time of all episodes, each estimated at its own project's speaking rate. */
  durationMs: number;
  /** Requests that more than one episode uses: counted once above. */
  sharedRequests: number;
}

export interface CountedEpisode {
  plan: Plan;
  pricing: Pricing | undefined;
  stats: EpisodeStats;
}

/** The totals of `episodes`, each distinct request billed once. */
export function allEpisodesTotals(episodes: readonly CountedEpisode[]): AllEpisodesTotals {
  const currencies = new Set(episodes.map((e) => e.pricing?.currency));
  const priced = episodes.length > 0 && !currencies.has(undefined) && currencies.size === 1;
  const bill = emptyBill(priced);
  const owner = new Map<string, CountedEpisode>();
  let sharedRequests = 0;
  const totals = { episodes: episodes.length, words: 0, turns: 0, characters: 0, lyricsCharacters: 0, durationMs: 0 };
  let ms = 0;
  for (const episode of episodes) {
    const t = episode.stats.totals;
    totals.words += t.words;
    totals.turns += t.turns;
    totals.characters += t.characters;
    totals.lyricsCharacters += t.lyricsCharacters;
    ms += wordsMs(t.words, episode.stats.wordsPerMinute);
    const counted = new Set<string>();
    for (const request of episode.plan.requests) {
      if (counted.has(request.key)) continue;
      counted.add(request.key);
      const first = owner.get(request.key);
      if (first === undefined) {
        owner.set(request.key, episode);
        addToBill(bill, request, episode.pricing);
      } else if (first !== episode) sharedRequests++;
    }
  }
  const result: AllEpisodesTotals = {
    ...totals,
    durationMs: Math.round(ms),
    requests: { ...bill.requests, total: bill.requests.podcast + bill.requests.song },
    billedUnits: { ...bill.billedUnits, total: totalUnits(bill) },
    sharedRequests,
  };
  if (priced && bill.cost) {
    result.cost = {
      currency: episodes[0]!.pricing!.currency,
      podcasts: roundMoney(bill.cost.podcasts),
      songs: roundMoney(bill.cost.songs),
      total: roundMoney(totalCost(bill)!),
    };
  }
  return result;
}
