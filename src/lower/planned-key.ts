import type { PlannedRequest } from "./plan.js";

// A planned request's key is made when first read (PlannedBase). It is cached here, beside the requests, and not in a
// variable each request's getter closes over: a closure per request, with the context that holds its body, kept every
// request and its turns alive through the young collections of a long script (several times their cost in pauses).

const made = new WeakMap<PlannedRequest, string>();

/** The key of `request`: made by `make` on the first call for it, the same string after. */
export function plannedKey<R extends PlannedRequest>(request: R, make: (request: R) => string): string {
  let key = made.get(request);
  if (key === undefined) {
    key = make(request);
    made.set(request, key);
  }
  return key;
}
