import type { PlannedRequest } from "./plan.js";

// A planned request's key is made when first read (PlannedBase), by an own, enumerable getter: a printed plan, a spread
// and Object.keys see it as a member. Two things keep the getter cheap on a long script's thousands of requests:
// - The key is cached here, beside the requests, and not in a variable each request's getter closes over: a closure
//   per request, with the context that holds its body, kept every request and its turns alive through the young
//   collections of a long script (several times their cost in pauses).
// - The getter is one function, defined on every request of a kind by the kind's constructor (keyProperty,
//   plainObjects). An object literal's own getter is a new function on each object, and V8 then keeps the object as
//   a dictionary rather than give it a shape shared with the others, which made a request several times slower to
//   make.

const made = new WeakMap<PlannedRequest, string>();

/** The key of `request`: made by `make` on the first call for it, the same string after. */
function plannedKey<R extends PlannedRequest>(request: R, make: (request: R) => string): string {
  let key = made.get(request);
  if (key === undefined) {
    key = make(request);
    made.set(request, key);
  }
  return key;
}

/** The descriptor of a planned request's own `key`, made by `make` when first read: one getter for every request it is defined on. */
export function keyProperty<R extends PlannedRequest>(make: (request: R) => string): PropertyDescriptor {
  return {
    get(this: R): string {
      return plannedKey(this, make);
    },
    enumerable: true,
    configurable: true,
  };
}

/**
 * `init` as a constructor of plain objects: what it makes has Object.prototype and no constructor of its own, as an
 * object literal, so that it compares, clones and prints as one.
 */
export function plainObjects<A extends unknown[], R>(init: (this: R, ...args: A) => void): new (...args: A) => R {
  init.prototype = Object.prototype;
  return init as unknown as new (...args: A) => R;
}
