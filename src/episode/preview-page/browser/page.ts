import { PLACE_KEY_PREFIX } from "../place-key.js";

// The preview page's program, bundled into the page (scripts/preview-script.js writes it into ../script.ts). It keeps
// the transcript and the chapters in step with the audio: the current cue is found by binary search (thousands of cues
// stay cheap) and the DOM is touched only when the cue or chapter changes, never per frame. The transcript scrolls to
// follow the audio until the listener scrolls it themselves; then a "Follow the audio" button brings them back. It
// reads its data from `#episode-data`; what the page is written with (preview-page.ts) it takes as given.

/** The times the page is written with: each chapter's start, each cue's start and end, in milliseconds. */
interface EpisodeData {
  chapters: number[];
  cues: [number, number][];
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const data = JSON.parse(byId("episode-data").textContent) as EpisodeData;
const audio = byId<HTMLAudioElement>("player");
const bar = document.querySelector<HTMLElement>(".bar")!;
const follow = byId("follow");
const nowChapter = byId("now-chapter");
const cueStarts = data.cues.map((c) => c[0]);
const cueEnds = data.cues.map((c) => c[1]);
const cueButtons = Array.from(document.querySelectorAll<HTMLButtonElement>(".cue button"));
const chapterButtons = Array.from(document.querySelectorAll<HTMLButtonElement>(".chapter-list button"));
const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
let currentCue = -1;
let currentChapter = -2;
let following = true;
let frame = 0;
let glidingUntil = 0;

/** The last index whose start is at or before ms, or -1. */
function lastAtOrBefore(starts: readonly number[], ms: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The cue playing at ms: the latest started that has not ended (a longer cue before it may still be running). */
function cueAt(ms: number): number {
  const i = lastAtOrBefore(cueStarts, ms);
  if (i >= 0 && ms < cueEnds[i]!) return i;
  if (i >= 1 && ms < cueEnds[i - 1]!) return i - 1;
  return -1;
}

function mark(button: Element | undefined, on: boolean): void {
  if (!button) return;
  if (on) button.setAttribute("aria-current", "true");
  else button.removeAttribute("aria-current");
}

function transcriptHasFocus(): boolean {
  const active = document.activeElement;
  return !!active && !!active.closest(".transcript");
}

// The one line of the transcript the Tab key stops at (the page is written with the first).
let roving = cueButtons[0];
function setRoving(button: HTMLButtonElement): void {
  if (roving) roving.tabIndex = -1;
  button.tabIndex = 0;
  roving = button;
}

/** Scrolls only when the cue has left the comfortable middle of the view: reading is not jolted at every line. */
function reveal(button: HTMLElement, force: boolean): void {
  const box = button.getBoundingClientRect();
  const top = bar.getBoundingClientRect().bottom;
  const bottom = window.innerHeight;
  const margin = Math.min(120, (bottom - top) / 4);
  if (!force && box.top >= top + 8 && box.bottom <= bottom - margin) return;
  // A short hop glides; a long one (a seek far away) jumps, or the glide would still be under way at the next line.
  const far = force || box.top < top - window.innerHeight || box.bottom > bottom + window.innerHeight;
  const smooth = !reduceMotion && !far;
  if (smooth) glidingUntil = performance.now() + 1000;
  button.scrollIntoView({ block: "center", behavior: smooth ? "smooth" : "auto" });
}

function update(): void {
  const ms = audio.currentTime * 1000;
  const cue = cueAt(ms);
  if (cue !== currentCue) {
    mark(cueButtons[currentCue], false);
    mark(cueButtons[cue], true);
    currentCue = cue;
    if (cue >= 0) {
      if (!transcriptHasFocus()) setRoving(cueButtons[cue]!);
      if (following && !audio.paused) reveal(cueButtons[cue]!, false);
    }
  }
  const chapter = lastAtOrBefore(data.chapters, ms);
  if (chapter !== currentChapter) {
    mark(chapterButtons[currentChapter], false);
    mark(chapterButtons[chapter], true);
    currentChapter = chapter;
    if (chapter < 0) nowChapter.replaceChildren();
    else {
      const label = document.createElement("b");
      label.textContent = chapterButtons[chapter]!.querySelector(".title")!.textContent;
      nowChapter.replaceChildren("Now: ", label);
    }
  }
}

function tick(): void {
  update();
  frame = audio.paused ? 0 : requestAnimationFrame(tick);
}
for (const type of ["timeupdate", "loadedmetadata", "pause"]) audio.addEventListener(type, update);

/** After a seek (the player's own slider too) and on pressing play, the playing line is brought into view if it is not. */
function catchUp(): void {
  update();
  if (following && currentCue >= 0) reveal(cueButtons[currentCue]!, false);
}
audio.addEventListener("seeked", catchUp);
audio.addEventListener("play", () => {
  catchUp();
  if (!frame) frame = requestAnimationFrame(tick);
});

function resume(): void {
  following = true;
  follow.hidden = true;
  if (currentCue >= 0) reveal(cueButtons[currentCue]!, true);
}

function stopFollowing(): void {
  if (!following) return;
  following = false;
  // A glide of the page's own still under way would carry on over the listener's scroll: stop it where it is.
  if (performance.now() < glidingUntil) window.scrollTo({ top: window.scrollY, behavior: "instant" });
  glidingUntil = 0;
  follow.hidden = false;
}
// What a listener does to scroll by hand; the page's own smooth scroll raises none of these.
window.addEventListener("wheel", stopFollowing, { passive: true });
window.addEventListener("touchmove", stopFollowing, { passive: true });
document.addEventListener("pointerdown", (event) => {
  if (event.target === document.documentElement) stopFollowing();
});
follow.addEventListener("click", resume);

/** Starts playing, quietly when the browser refuses (no gesture yet): the player's own button still works. */
function play(): void {
  audio.play().catch(() => {});
}

function seek(ms: number): void {
  audio.currentTime = ms / 1000;
  following = true;
  follow.hidden = true;
  update();
  if (audio.paused) play();
}
document.addEventListener("click", (event) => {
  const target = (event.target as Element).closest?.("[data-start]");
  if (target) seek(Number(target.getAttribute("data-start")));
});

// One tab stop for the whole transcript; the arrows move along it, Enter or Space plays from the line.
const MOVES: Record<string, (at: number) => number> = {
  ArrowDown: (at) => at + 1,
  ArrowUp: (at) => at - 1,
  PageDown: (at) => at + 10,
  PageUp: (at) => at - 10,
  Home: () => 0,
  End: () => cueButtons.length - 1,
};
document.querySelector(".transcript")!.addEventListener("keydown", (event) => {
  const { target, key } = event as KeyboardEvent;
  if (!(target as Element).matches(".cue button")) return;
  const move = Object.prototype.hasOwnProperty.call(MOVES, key) ? MOVES[key] : undefined;
  if (move === undefined) return;
  event.preventDefault();
  const next = cueButtons[Math.max(0, Math.min(cueButtons.length - 1, move(Number((target as Element).getAttribute("data-index")))))]!;
  setRoving(next);
  next.focus();
  // Reading ahead or back: the page stops pulling the view to the playing line until asked.
  stopFollowing();
});

// Shortcuts a media page is expected to have, kept away from controls that use the same keys.
document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target as HTMLElement;
  const tag = target.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || tag === "AUDIO" || target.isContentEditable) return;
  const onButton = tag === "BUTTON" || tag === "A";
  const key = event.key;
  if (key === "k" || (key === " " && !onButton)) {
    event.preventDefault();
    if (audio.paused) play();
    else audio.pause();
  } else if (key === "j" || key === "l") {
    event.preventDefault();
    audio.currentTime = Math.max(0, audio.currentTime + (key === "j" ? -5 : 5));
  } else if (key === "f") {
    event.preventDefault();
    resume();
  } else if (!onButton && (key === "PageDown" || key === "PageUp" || key === "ArrowDown" || key === "ArrowUp" || key === "Home" || key === "End")) {
    stopFollowing();
  }
});

// Comparing takes means hearing one at a time: whatever starts playing pauses every other player.
document.addEventListener(
  "play",
  (event) => {
    for (const player of document.querySelectorAll("audio")) if (player !== event.target) player.pause();
  },
  true,
);

/** A page moved away from its audio, or a file deleted: says which file is missing and what brings it back. */
function reportMissing(player: HTMLAudioElement): void {
  const place = (player === audio ? bar.querySelector(".bar-inner") : player.parentElement)!;
  if (place.querySelector(":scope > .missing")) return;
  const note = document.createElement("p");
  note.className = "missing";
  note.setAttribute("role", "alert");
  const name = decodeURIComponent((player.getAttribute("src") ?? "").split("/").pop()!);
  note.textContent = `Cannot play ${name}: keep this page in its folder beside the audio, or run podc build again.`;
  place.append(note);
}
document.addEventListener(
  "error",
  (event) => {
    if ((event.target as Element).tagName === "AUDIO") reportMissing(event.target as HTMLAudioElement);
  },
  true,
);
// A file missing from the start may have failed before this program ran.
for (const player of document.querySelectorAll("audio")) if (player.error) reportMissing(player);

// The listening speed, and where the listener was: kept for this page (a rebuilt episode reopens where it was left).
const speed = byId<HTMLSelectElement>("speed");
const key = PLACE_KEY_PREFIX + location.pathname;
let stored: { at?: unknown; rate?: unknown } = {};
try {
  stored = (JSON.parse(localStorage.getItem(key) || "{}") as typeof stored | null) || {};
} catch {
  stored = {};
}
let lastStored = 0;
function store(): void {
  lastStored = audio.currentTime;
  try {
    localStorage.setItem(key, JSON.stringify({ at: audio.currentTime, rate: audio.playbackRate }));
  } catch {
    // storage off: nothing kept
  }
}
function setRate(rate: number): void {
  if (!(rate > 0)) return;
  audio.playbackRate = rate;
  speed.value = String(rate);
}
setRate(Number(stored.rate));
speed.addEventListener("change", () => {
  setRate(Number(speed.value));
  store();
});
// The episode keeps its rate when the player's own menu changes it, and the takes play at the same rate.
audio.addEventListener("ratechange", () => {
  speed.value = String(audio.playbackRate);
  for (const player of document.querySelectorAll<HTMLAudioElement>(".take audio")) player.playbackRate = audio.playbackRate;
});
// While playing, about once a second; and at every move the listener makes (a seek while paused fires no pause,
// and may land within a second of the place last kept) and when the page goes away.
audio.addEventListener("timeupdate", () => {
  if (Math.abs(audio.currentTime - lastStored) >= 1) store();
});
audio.addEventListener("pause", store);
audio.addEventListener("seeked", store);
window.addEventListener("pagehide", store);
// #t=93 (seconds) in the address opens the page at that moment; else where the listener left it.
const asked = /^#t=(\d+(?:\.\d+)?)$/.exec(location.hash);
const start = asked ? Number(asked[1]) : Number(stored.at) || 0;
if (start > 0) {
  const go = () => {
    if (start < audio.duration) audio.currentTime = start;
  };
  if (audio.readyState >= 1) go();
  else audio.addEventListener("loadedmetadata", go, { once: true });
}

/** The sticky bar's height keeps the lines it covers visible when scrolled to. */
function measureBar(): void {
  document.documentElement.style.setProperty("--bar-h", `${bar.offsetHeight}px`);
}
measureBar();
if (window.ResizeObserver) new ResizeObserver(measureBar).observe(bar);
update();
