// The paths of the paid endpoints, apart from the zod shapes in requests.ts: lowering needs only these, and the
// command-line path of `podc check` should not load zod.
export const PODCAST_PATH = "/v1/tts/podcast";
export const SONG_PATH = "/v1/song/generate";
/** Where a song task is read, unless podc.json's service.queryPath says otherwise; `{id}` stands for the task id. */
export const DEFAULT_QUERY_PATH = "/v1/song/query/{id}";
