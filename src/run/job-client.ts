import type { CallListener, ServiceClient } from "../service/client.js";

/** The service client as one job's steps use it. */
export type JobClient = Pick<ServiceClient, "createSong" | "createPodcast" | "queryTask" | "download">;

/**
 * The shared client with every call telling `onEvent` about itself, so that the run's report knows which job a retry
 * belongs to. (Tracking the job through asynchronous context instead made every promise of a run pay for it.)
 */
export function jobClient(client: ServiceClient, onEvent: CallListener): JobClient {
  return {
    createSong: (body, options = {}) => client.createSong(body, { ...options, onEvent }),
    createPodcast: (body, options = {}) => client.createPodcast(body, { ...options, onEvent }),
    queryTask: (id, options = {}) => client.queryTask(id, { ...options, onEvent }),
    download: (url, destPath, options = {}) => client.download(url, destPath, { ...options, onEvent }),
  };
}
