import type { Pricing } from "../config/schema.js";
import type { PodcastRequest, SongRequest } from "../contract/requests.js";
import { SERVICE_DEFAULT_TAKES } from "../lower/song-takes.js";
import { codePointLength } from "../source/text.js";

/*
 * What the service bills for one request, and what that costs at the project's prices: the one home of both, so
 * that `podc stats`, `podc run --dry-run` and `--max-cost` can never disagree. A song is billed per take (its `n`,
 * or the service's default when `n` is not sent); a podcast request is billed once, and, when priced so, per 1,000
 * characters of its spoken text (proportionally: 1,500 characters cost 1.5 times the price).
 */

/** A request as billing sees it: its kind and the body that is sent. */
export type BillableRequest = { kind: "song"; body: SongRequest } | { kind: "podcast"; body: PodcastRequest };

/** Units the service bills for `request`: a song's takes, or 1 for a podcast request. */
export function billedUnits(request: BillableRequest): number {
  return request.kind === "song" ? (request.body.n ?? SERVICE_DEFAULT_TAKES) : 1;
}

/** Characters of spoken text in a podcast request (Unicode code points, as the service counts a turn's length). */
export function spokenCharacters(body: PodcastRequest): number {
  let n = 0;
  for (const turn of body.conversations) n += codePointLength(turn.text);
  return n;
}

/** Characters of a song's lyrics, in code points. */
export function lyricsCharacters(body: SongRequest): number {
  return codePointLength(body.lyrics);
}

/** The estimated cost of `request` at `pricing`, in `pricing.currency`. */
export function requestCost(request: BillableRequest, pricing: Pricing): number {
  if (request.kind === "song") return billedUnits(request) * pricing.songTake;
  return pricing.podcastRequest + (spokenCharacters(request.body) / 1000) * pricing.podcastPer1000Chars;
}

/** What several requests are billed, by kind: the sums every report of cost shows. */
export interface Bill {
  requests: { podcast: number; song: number };
  billedUnits: { podcast: number; song: number };
  /** Present only when prices are known. */
  cost?: { podcasts: number; songs: number };
}

/** An empty bill; with `priced`, one that counts cost too. */
export function emptyBill(priced: boolean): Bill {
  const bill: Bill = { requests: { podcast: 0, song: 0 }, billedUnits: { podcast: 0, song: 0 } };
  if (priced) bill.cost = { podcasts: 0, songs: 0 };
  return bill;
}

/** Adds `request` to `bill` (its cost too when the bill counts cost and `pricing` is given). */
export function addToBill(bill: Bill, request: BillableRequest, pricing: Pricing | undefined): void {
  bill.requests[request.kind]++;
  bill.billedUnits[request.kind] += billedUnits(request);
  if (bill.cost && pricing) {
    if (request.kind === "song") bill.cost.songs += requestCost(request, pricing);
    else bill.cost.podcasts += requestCost(request, pricing);
  }
}

/** Total billed units of a bill. */
export function totalUnits(bill: Bill): number {
  return bill.billedUnits.podcast + bill.billedUnits.song;
}

/** Total cost of a bill, or undefined when it is not priced. */
export function totalCost(bill: Bill): number | undefined {
  return bill.cost ? bill.cost.podcasts + bill.cost.songs : undefined;
}
