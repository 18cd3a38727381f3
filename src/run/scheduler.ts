import type { Job } from "./job.js";
import type { JobRecord } from "./job-record.js";

/*
 * How many jobs talk to the service at once (the store's slots, concurrency/slots.ts), and in what order. The account's limit counts song tasks
 * until they end and podcasts while they render, so a slot is held from the POST until the task ends
 * (a song) or the answer arrives (a podcast); downloads need no slot. Tasks already running from an
 * earlier run take their slots first: they are on the account already, and a new POST beside them
 * would only be turned away with a 429.
 */

/** Jobs in the order they should ask for slots: tasks already running first, then the rest in script order. */
export function scheduleOrder(jobs: readonly Job[], recordOf: (key: string) => JobRecord): Job[] {
  const running = (job: Job): boolean => {
    const state = recordOf(job.key).state;
    return job.kind === "song" && (state === "accepted" || state === "polling");
  };
  return [...jobs.filter(running), ...jobs.filter((job) => !running(job))];
}
