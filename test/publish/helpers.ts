import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { podc } from "../run/helpers.js";
import { SHELL_ENV } from "../episode/helpers.js";

/** A hostile title: XML and HTML markup, a CDATA end, an ampersand and a control character, all to stay text. */
const HOSTILE_TITLE = 'Second & <Last> ]]> "episode"\u0007';
/** The title as the feed and the pages show it: the control character is dropped. */
export const SHOWN_TITLE = 'Second & <Last> ]]> "episode"';

/** The second episode: its title page gives a season, a number, a description and a date. */
const SECOND = `Title: ${HOSTILE_TITLE}
Season: 1
Episode: 2
Date: 2026-11-30
Description: Two voices & a question <b>not bold</b>.
Cast:
    HOST:  Ethan
    GUEST: Victoria

# Start

HOST: Hello again, and welcome back to the night shift.
GUEST: Thank you. It is good to be here at this hour.
`;

/** A draft: never built, never published. */
const DRAFT = `Title: Not yet
Draft: yes
Cast:
    HOST: Ethan

HOST: This one is not ready.
`;

/** A PNG of `width` × `height` pixels in RGB, made by ffmpeg. */
export function png(path: string, width: number, height: number): void {
  const made = spawnSync("ffmpeg", [
    "-v",
    "error",
    "-f",
    "lavfi",
    "-i",
    `color=c=0x224466:s=${width}x${height}`,
    "-frames:v",
    "1",
    "-pix_fmt",
    "rgb24",
    "-y",
    path,
  ]);
  expect(made.status, made.stderr?.toString()).toBe(0);
}

export const PODCAST = {
  title: "The Night Shift",
  description: "Stories from the hours nobody sees & the people who keep them.",
  author: "Night Shift Audio",
  ownerEmail: "hello@example.com",
  language: "en",
  categories: ["Fiction/Drama", "Arts/Performing Arts"],
  explicit: false,
  artwork: "artwork.png",
  baseUrl: "https://example.github.io/night-shift/",
  license: "CC BY 4.0",
};

/**
 * A fresh repository as `podc init` makes it, with its example episode and a second one built locally (mp3 and
 * opus), a draft, a cover and a podcast section: what a writer has before the first `podc publish`.
 */
export async function builtRepository(made: string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "podc-publish-"));
  made.push(dir);
  mkdirSync(join(dir, ".git"));
  expect((await podc(["init"], dir, SHELL_ENV)).code).toBe(0);
  writeFileSync(join(dir, "episodes", "second.pod"), SECOND);
  writeFileSync(join(dir, "episodes", "draft.pod"), DRAFT);
  png(join(dir, "artwork.png"), 1400, 1400);
  const config = JSON.parse(readFileSync(join(dir, "podc.json"), "utf8")) as Record<string, unknown>;
  writeFileSync(join(dir, "podc.json"), `${JSON.stringify({ ...config, build: { formats: ["mp3", "opus"] }, podcast: PODCAST }, null, 2)}\n`);
  const run = await podc(["run", "--local", "episodes/welcome.pod", "episodes/second.pod"], dir, SHELL_ENV);
  expect(run.code, run.stderr).toBe(0);
  return dir;
}
