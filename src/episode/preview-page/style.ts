/*
 * The preview page's style sheet, inlined into the page (no file to fetch from file://). One column on a phone, the
 * transcript beside a sticky column of chapters and takes on a wide screen; light and dark follow the system.
 */

/** The page's CSS. */
export const PREVIEW_STYLE = `
:root {
  color-scheme: light dark;
  --bg: #f8f7f3; --panel: #ffffff; --fg: #1d1d21; --muted: #5f5f68; --line: #e2e0d8;
  --accent: #0a5fb4; --accent-fg: #ffffff; --current: #fff1b8; --current-edge: #e0a800; --hover: #f0eee7;
  --lyrics: #6e3a99; --picked: #1f7a3f; --problem: #9b1c1c; --problem-bg: #fde8e8;
  --s0: #0a5fb4; --s1: #b3401d; --s2: #1f7a3f; --s3: #8a3ea8; --s4: #8a6100; --s5: #0f7c84;
  --bar-h: 8.5rem;
  --font: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #131316; --panel: #1c1c21; --fg: #ececf0; --muted: #a3a3ad; --line: #2e2e35;
    --accent: #78b8ff; --accent-fg: #0d1117; --current: #3b3320; --current-edge: #f0c04a; --hover: #24242a;
    --lyrics: #d2a8ff; --picked: #6fd08f; --problem: #ffb4b4; --problem-bg: #3d1d1d;
    --s0: #78b8ff; --s1: #ff9d7a; --s2: #6fd08f; --s3: #d2a8ff; --s4: #f0c04a; --s5: #5fd4dc;
  }
}
*, *::before, *::after { box-sizing: border-box; }
html { scroll-padding-top: calc(var(--bar-h) + 1rem); -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 1rem/1.5 var(--font); }
button { font: inherit; color: inherit; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; border-radius: 6px; }
.skip { position: absolute; left: 1rem; top: -3rem; background: var(--accent); color: var(--accent-fg); padding: .4rem .8rem; border-radius: 6px; z-index: 10; }
.skip:focus { top: .5rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }

.bar { position: sticky; top: 0; z-index: 5; background: var(--bg); border-bottom: 1px solid var(--line); }
.bar-inner { max-width: 72rem; margin: 0 auto; padding: .75rem 1rem .6rem; display: grid; gap: .35rem .75rem; grid-template-columns: 1fr auto; align-items: center; }
.kicker { margin: 0; font-size: .75rem; letter-spacing: .06em; text-transform: uppercase; color: var(--muted); }
.site-links { grid-column: 1 / -1; display: flex; flex-wrap: wrap; gap: .25rem .75rem; font-size: .85rem; margin: .25rem 0; }
h1 { margin: 0; font-size: clamp(1.2rem, 1rem + 1.2vw, 1.75rem); line-height: 1.2; overflow-wrap: anywhere; }
.meta { margin: 0; color: var(--muted); font-size: .875rem; justify-self: end; text-align: right; }
.player { grid-column: 1 / -1; width: 100%; height: 2.75rem; }
.now { grid-column: 1 / -1; margin: 0; display: flex; gap: .75rem; align-items: center; min-height: 2rem; font-size: .875rem; color: var(--muted); }
.now-chapter { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.now-chapter b { color: var(--fg); font-weight: 600; }
.follow { border: 1px solid var(--accent); background: var(--accent); color: var(--accent-fg); border-radius: 999px; padding: .15rem .8rem; cursor: pointer; font-size: .875rem; }
.follow[hidden] { display: none; }
.speed { display: flex; gap: .35rem; align-items: center; }
.speed select { font: inherit; color: var(--fg); background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .1rem .25rem; }

/* The order on screen is the order in the document (and so of the Tab key): chapters, takes, transcript. */
.layout { max-width: 72rem; margin: 0 auto; padding: 1rem; display: grid; gap: 1.5rem; grid-template-columns: minmax(0, 1fr); }
.side { display: flex; flex-direction: column; gap: 1.5rem; min-width: 0; }
.transcript { min-width: 0; }
@media (min-width: 60rem) {
  .layout { grid-template-columns: minmax(16rem, 21rem) minmax(0, 1fr); align-items: start; }
  .side { position: sticky; top: calc(var(--bar-h) + 1rem); max-height: calc(100vh - var(--bar-h) - 2rem); overflow: auto; padding-right: .25rem; }
}
h2 { font-size: .8rem; letter-spacing: .07em; text-transform: uppercase; color: var(--muted); margin: 0 0 .5rem; }
.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 12px; padding: .9rem; }
.empty { color: var(--muted); margin: 0; }
ol { list-style: none; margin: 0; padding: 0; }
time { font-variant-numeric: tabular-nums; color: var(--muted); font-size: .8125rem; }

.chapter-list button { display: grid; grid-template-columns: 3.4rem 1fr; gap: .5rem; width: 100%; text-align: left; background: none; border: 0; border-radius: 8px; padding: .35rem .5rem; cursor: pointer; align-items: baseline; }
.chapter-list button:hover { background: var(--hover); }
.chapter-list button[aria-current] { background: var(--current); box-shadow: inset 3px 0 0 var(--current-edge); }
.chapter-list .song-mark, .group h3 .song-mark { color: var(--lyrics); }

/* A long episode's parts off screen are not laid out until scrolled near: thousands of lines open and play smoothly. */
.cues { content-visibility: auto; contain-intrinsic-size: auto 40rem; }
.group + .group { margin-top: 1.25rem; }
.group h3 { font-size: 1.05rem; margin: 0 0 .35rem; padding: 0 .6rem; }
.cue button { display: grid; grid-template-columns: 3.4rem minmax(0, 1fr); gap: .1rem .5rem; width: 100%; text-align: left; background: none; border: 0; border-radius: 10px; padding: .45rem .6rem; cursor: pointer; scroll-margin: calc(var(--bar-h) + 2rem) 0 4rem; transition: background-color .15s; }
.cue button:hover { background: var(--hover); }
.cue button[aria-current] { background: var(--current); box-shadow: inset 3px 0 0 var(--current-edge); }
.cue time { grid-row: 1 / span 2; padding-top: .1rem; }
.who { font-weight: 650; font-size: .875rem; }
.text { overflow-wrap: anywhere; }
.s0 { color: var(--s0); } .s1 { color: var(--s1); } .s2 { color: var(--s2); } .s3 { color: var(--s3); } .s4 { color: var(--s4); } .s5 { color: var(--s5); }
.lyrics .who { color: var(--lyrics); }
.lyrics .text { white-space: pre-line; font-style: italic; color: var(--lyrics); border-left: 2px solid var(--line); border-left-color: color-mix(in srgb, var(--lyrics) 40%, transparent); padding-left: .6rem; }

.takes .hint { margin: 0 0 .75rem; font-size: .875rem; color: var(--muted); }
.takes code { font-size: .85em; background: var(--hover); padding: .05rem .3rem; border-radius: 4px; }
.song + .song { margin-top: 1rem; padding-top: 1rem; border-top: 1px solid var(--line); }
.song h3 { margin: 0; font-size: 1rem; }
.song .at { background: none; border: 0; padding: 0; color: var(--accent); cursor: pointer; font-size: .8125rem; text-decoration: underline; text-underline-offset: 2px; }
.take-list { margin-top: .5rem; display: grid; gap: .5rem; }
.take { display: grid; grid-template-columns: 1fr auto; gap: .25rem .5rem; align-items: center; padding: .5rem; border-radius: 8px; border: 1px solid var(--line); }
.take.picked { border-color: var(--picked); box-shadow: inset 3px 0 0 var(--picked); }
.take-label { font-weight: 600; font-size: .875rem; }
.badge { font-size: .75rem; font-weight: 600; color: var(--picked); justify-self: end; }
.take audio { grid-column: 1 / -1; width: 100%; height: 2.25rem; }

.missing { grid-column: 1 / -1; margin: 0; padding: .35rem .6rem; border-radius: 6px; font-size: .875rem; background: var(--problem-bg); color: var(--problem); }
footer { max-width: 72rem; margin: 0 auto; padding: 1rem 1rem 3rem; color: var(--muted); font-size: .8125rem; }
footer kbd { font: .75rem/1 ui-monospace, monospace; border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 4px; padding: .1rem .3rem; background: var(--panel); }
footer dl { display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; margin: .25rem 0 0; }
footer dt, footer dd { display: inline; margin: 0; }
@media (max-width: 40rem) {
  .bar-inner { grid-template-columns: minmax(0, 1fr); padding: .5rem .75rem .35rem; gap: .25rem; }
  .kicker { display: none; }
  h1 { font-size: 1.15rem; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .meta { justify-self: start; text-align: left; font-size: .8125rem; }
  .now { min-height: 1.75rem; }
  .layout { padding: .5rem; gap: 1rem; }
  .panel { padding: .6rem .35rem; border-radius: 10px; }
  h2 { padding: 0 .4rem; }
  .cue button, .chapter-list button { grid-template-columns: 2.9rem minmax(0, 1fr); padding: .4rem; gap: .1rem .35rem; }
  .group h3 { padding: 0 .4rem; }
}
@media (prefers-reduced-motion: reduce) { .cue button { transition: none; } }
@media print {
  .bar, .side { position: static; max-height: none; overflow: visible; }
  .player, .takes, .follow, .skip, .download, .now, .missing, .speed { display: none; }
  .layout { display: block; }
  .cues { content-visibility: visible; }
}
`;
