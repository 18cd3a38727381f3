import { z } from "zod";

/** One spoken line of a podcast request. Exactly these keys are sent. */
const TurnSchema = z.object({ text: z.string().min(1), voice: z.string().min(1) }).strict();

/** Body of POST /v1/tts/podcast. */
export const PodcastRequestSchema = z.object({ conversations: z.array(TurnSchema).min(1) }).strict();
export type PodcastRequest = z.infer<typeof PodcastRequestSchema>;

/** Body of POST /v1/song/generate. `n` is sent only when a script asks for it: each choice is billed. */
export const SongRequestSchema = z
  .object({
    lyrics: z.string().min(1),
    model: z.string().min(1),
    prompt: z.string(),
    n: z.number().int().min(1).max(3).optional(),
  })
  .strict();
export type SongRequest = z.infer<typeof SongRequestSchema>;

export { PODCAST_PATH, SONG_PATH } from "./paths.js";
