/*
 * Fault injection: nothing here happens unless a caller asks for it by name. A rule says what goes
 * wrong, on which route, and how many times; rules are consumed in the order given.
 */

/** The emulator's routes, as faults and the request log name them. "paid" is either POST. */
export type Route = "song.generate" | "song.query" | "podcast" | "audio";
export type RouteFilter = Route | "paid" | "any";

/** Answered instead of doing the work: nothing is created or billed. */
export type RefusalKind = "rate-limit" | "quota" | "server-error" | "plain-text";
/** Applied to the answer after the work was done (and, for a paid POST, billed and recorded). */
export type BreakageKind = "reset" | "truncate" | "endless" | "malformed-json";
/** Decide how the next song tasks end. */
export type TaskFaultKind = "task-failed" | "task-timeouted" | "task-cancelled" | "task-no-url" | "task-reviewing";
export type FaultKind = "latency" | RefusalKind | BreakageKind | "redirect-audio" | TaskFaultKind;

const FAULT_KINDS: readonly FaultKind[] = [
  "latency",
  "rate-limit",
  "quota",
  "server-error",
  "plain-text",
  "reset",
  "truncate",
  "endless",
  "malformed-json",
  "redirect-audio",
  "task-failed",
  "task-timeouted",
  "task-cancelled",
  "task-no-url",
  "task-reviewing",
];

export interface FaultRule {
  kind: FaultKind;
  /** Which requests it hits; defaults: task-* → song.generate, redirect-audio → audio, quota → paid, else any. */
  route?: RouteFilter;
  /** How many requests (or tasks) it hits; default 1, Infinity for every one. */
  times?: number;
  /** latency: delay before the answer, in ms. */
  ms?: number;
  /** rate-limit: the Retry-After header, in seconds (none when absent, as the real service sends none). */
  retryAfterS?: number;
  /** server-error: 500, 502 or 503 (default 503); plain-text: the status (default 404). */
  status?: number;
}

const ROUTE_FILTERS: readonly RouteFilter[] = ["song.generate", "song.query", "podcast", "audio", "paid", "any"];

function defaultRoute(kind: FaultKind): RouteFilter {
  if (kind.startsWith("task-")) return "song.generate";
  if (kind === "redirect-audio") return "audio";
  if (kind === "quota") return "paid";
  return "any";
}

function matches(filter: RouteFilter, route: Route): boolean {
  if (filter === "any") return true;
  if (filter === "paid") return route === "song.generate" || route === "podcast";
  return filter === route;
}

type ActiveRule = FaultRule & { route: RouteFilter; times: number };

/** The pending rules of one emulator. */
export class FaultPlan {
  readonly #rules: ActiveRule[] = [];

  constructor(rules: readonly FaultRule[] = []) {
    for (const rule of rules) this.add(rule);
  }

  /** Queues a rule behind the existing ones; throws on a rule that cannot apply, so a typo never silently does nothing. */
  add(rule: FaultRule): void {
    const problem = faultRuleProblem(rule);
    if (problem) throw new Error(problem);
    this.#rules.push({ ...rule, route: rule.route ?? defaultRoute(rule.kind), times: rule.times ?? 1 });
  }

  clear(): void {
    this.#rules.length = 0;
  }

  /** Rules not yet used up. */
  pending(): FaultRule[] {
    return this.#rules.map((r) => ({ ...r }));
  }

  /** Takes one use of the first rule for `route` whose kind is in `kinds`. */
  take(route: Route, kinds: readonly FaultKind[]): FaultRule | undefined {
    const index = this.#rules.findIndex((r) => kinds.includes(r.kind) && matches(r.route, route));
    if (index < 0) return undefined;
    const rule = this.#rules[index]!;
    rule.times -= 1;
    if (rule.times <= 0) this.#rules.splice(index, 1);
    return { ...rule };
  }
}

export const REFUSAL_KINDS: readonly FaultKind[] = ["rate-limit", "quota", "server-error", "plain-text"];
export const BREAKAGE_KINDS: readonly FaultKind[] = ["reset", "truncate", "endless", "malformed-json"];
export const TASK_FAULT_KINDS: readonly FaultKind[] = ["task-failed", "task-timeouted", "task-cancelled", "task-no-url", "task-reviewing"];

/** Why a rule cannot work, or undefined. */
function faultRuleProblem(rule: FaultRule): string | undefined {
  if (!FAULT_KINDS.includes(rule.kind)) return `unknown fault kind "${rule.kind}" (known: ${FAULT_KINDS.join(", ")})`;
  const route = rule.route ?? defaultRoute(rule.kind);
  if (!ROUTE_FILTERS.includes(route)) return `unknown route "${route}" (known: ${ROUTE_FILTERS.join(", ")})`;
  if (rule.kind.startsWith("task-") && route !== "song.generate") return `${rule.kind} applies to song.generate only`;
  if (rule.kind === "redirect-audio" && route !== "audio") return "redirect-audio applies to audio only";
  if (rule.kind === "malformed-json" && route === "audio") return "malformed-json does not apply to audio";
  if (rule.times !== undefined && !(rule.times >= 1)) return "times must be at least 1";
  if (rule.kind === "latency" && !(typeof rule.ms === "number" && rule.ms >= 0)) return "latency needs ms (milliseconds, >= 0)";
  if (rule.kind === "server-error" && rule.status !== undefined && !(rule.status >= 500 && rule.status <= 599)) {
    return "server-error status must be 5xx";
  }
  if (rule.kind === "plain-text" && rule.status !== undefined && !(rule.status >= 400 && rule.status <= 599)) {
    return "plain-text status must be 4xx or 5xx";
  }
  return undefined;
}

/**
 * Reads the command-line form of a rule: `KIND[,route=R][,times=N|always][,ms=N][,retry-after=S][,status=N]`,
 * e.g. `rate-limit,route=song.generate,times=2,retry-after=3`. Returns the rule or a message.
 */
export function parseFaultSpec(spec: string): FaultRule | string {
  const [kind, ...pairs] = spec.split(",").map((p) => p.trim());
  const rule: FaultRule = { kind: (kind ?? "") as FaultKind };
  for (const pair of pairs) {
    const [key, value] = pair.split("=", 2).map((p) => p.trim());
    if (!key || value === undefined || value === "") return `fault "${spec}": expected key=value, got "${pair}"`;
    const number = Number(value);
    switch (key) {
      case "route":
        rule.route = value as RouteFilter;
        break;
      case "times":
        if (value !== "always" && !Number.isInteger(number)) return `fault "${spec}": times must be a whole number or "always"`;
        rule.times = value === "always" ? Number.POSITIVE_INFINITY : number;
        break;
      case "ms":
        rule.ms = number;
        break;
      case "retry-after":
        if (!(number >= 0)) return `fault "${spec}": retry-after must be seconds >= 0`;
        rule.retryAfterS = number;
        break;
      case "status":
        rule.status = number;
        break;
      default:
        return `fault "${spec}": unknown setting "${key}" (route, times, ms, retry-after, status)`;
    }
  }
  const problem = faultRuleProblem(rule);
  return problem ? `fault "${spec}": ${problem}` : rule;
}
