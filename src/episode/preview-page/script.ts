/*
 * The preview page's script, inlined into the page. It keeps the transcript and the chapters in step with the audio:
 * the current cue is found by binary search (thousands of cues stay cheap) and the DOM is touched only when the cue
 * or chapter changes, never per frame. The transcript scrolls to follow the audio until the listener scrolls it
 * themselves; then a "Follow the audio" button brings them back.
 */

/** What the page's storage key for its place and speed starts with; the page's path follows it. */
export const PLACE_KEY_PREFIX = "podc-preview:";

/** The page's JavaScript: plain ES2017, no modules, reads its data from `#episode-data`. Raw: a backslash in it is JavaScript's. */
export const PREVIEW_SCRIPT = String.raw`
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("episode-data").textContent);
  var audio = document.getElementById("player");
  var bar = document.querySelector(".bar");
  var follow = document.getElementById("follow");
  var nowChapter = document.getElementById("now-chapter");
  var cueStarts = data.cues.map(function (c) { return c[0]; });
  var cueEnds = data.cues.map(function (c) { return c[1]; });
  var cueButtons = Array.prototype.slice.call(document.querySelectorAll(".cue button"));
  var chapterButtons = Array.prototype.slice.call(document.querySelectorAll(".chapter-list button"));
  var reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  var currentCue = -1, currentChapter = -2, following = true, frame = 0, glidingUntil = 0;

  // The last index whose start is at or before ms, or -1.
  function lastAtOrBefore(starts, ms) {
    var lo = 0, hi = starts.length - 1, found = -1;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1;
      if (starts[mid] <= ms) { found = mid; lo = mid + 1; } else hi = mid - 1;
    }
    return found;
  }
  // The cue playing at ms: the latest started that has not ended (a longer cue before it may still be running).
  function cueAt(ms) {
    var i = lastAtOrBefore(cueStarts, ms);
    if (i >= 0 && ms < cueEnds[i]) return i;
    if (i >= 1 && ms < cueEnds[i - 1]) return i - 1;
    return -1;
  }

  function mark(button, on) {
    if (!button) return;
    if (on) button.setAttribute("aria-current", "true"); else button.removeAttribute("aria-current");
  }
  function transcriptHasFocus() {
    var active = document.activeElement;
    return !!active && !!active.closest && !!active.closest(".transcript");
  }
  // The one line of the transcript the Tab key stops at (the page is written with the first).
  var roving = cueButtons[0];
  function setRoving(button) {
    if (roving) roving.tabIndex = -1;
    button.tabIndex = 0;
    roving = button;
  }
  // Scrolls only when the cue has left the comfortable middle of the view: reading is not jolted at every line.
  function reveal(button, force) {
    var box = button.getBoundingClientRect();
    var top = bar.getBoundingClientRect().bottom;
    var bottom = window.innerHeight;
    var margin = Math.min(120, (bottom - top) / 4);
    if (!force && box.top >= top + 8 && box.bottom <= bottom - margin) return;
    // A short hop glides; a long one (a seek far away) jumps, or the glide would still be under way at the next line.
    var far = force || box.top < top - window.innerHeight || box.bottom > bottom + window.innerHeight;
    var smooth = !reduceMotion && !far;
    if (smooth) glidingUntil = performance.now() + 1000;
    button.scrollIntoView({ block: "center", behavior: smooth ? "smooth" : "auto" });
  }

  function update() {
    var ms = audio.currentTime * 1000;
    var cue = cueAt(ms);
    if (cue !== currentCue) {
      mark(cueButtons[currentCue], false);
      mark(cueButtons[cue], true);
      currentCue = cue;
      if (cue >= 0) {
        if (!transcriptHasFocus()) setRoving(cueButtons[cue]);
        if (following && !audio.paused) reveal(cueButtons[cue], false);
      }
    }
    var chapter = lastAtOrBefore(data.chapters, ms);
    if (chapter !== currentChapter) {
      mark(chapterButtons[currentChapter], false);
      mark(chapterButtons[chapter], true);
      currentChapter = chapter;
      if (chapter < 0) nowChapter.replaceChildren();
      else {
        var label = document.createElement("b");
        label.textContent = chapterButtons[chapter].querySelector(".title").textContent;
        nowChapter.replaceChildren("Now: ", label);
      }
    }
  }
  function tick() {
    update();
    frame = audio.paused ? 0 : requestAnimationFrame(tick);
  }
  ["timeupdate", "loadedmetadata", "pause"].forEach(function (type) { audio.addEventListener(type, update); });
  // After a seek (the player's own slider too) and on pressing play, the playing line is brought into view if it is not.
  function catchUp() {
    update();
    if (following && currentCue >= 0) reveal(cueButtons[currentCue], false);
  }
  audio.addEventListener("seeked", catchUp);
  audio.addEventListener("play", function () {
    catchUp();
    if (!frame) frame = requestAnimationFrame(tick);
  });

  function resume() {
    following = true;
    follow.hidden = true;
    if (currentCue >= 0) reveal(cueButtons[currentCue], true);
  }
  function stopFollowing() {
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
  document.addEventListener("pointerdown", function (event) { if (event.target === document.documentElement) stopFollowing(); });
  follow.addEventListener("click", resume);

  function seek(ms) {
    audio.currentTime = ms / 1000;
    following = true;
    follow.hidden = true;
    update();
    if (audio.paused) {
      var playing = audio.play();
      if (playing && playing.catch) playing.catch(function () {});
    }
  }
  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("[data-start]");
    if (target) seek(Number(target.getAttribute("data-start")));
  });

  // One tab stop for the whole transcript; the arrows move along it, Enter or Space plays from the line.
  document.querySelector(".transcript").addEventListener("keydown", function (event) {
    if (!event.target.matches(".cue button")) return;
    var at = Number(event.target.getAttribute("data-index"));
    var to = { ArrowDown: at + 1, ArrowUp: at - 1, PageDown: at + 10, PageUp: at - 10, Home: 0, End: cueButtons.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    var next = cueButtons[Math.max(0, Math.min(cueButtons.length - 1, to))];
    setRoving(next);
    next.focus();
    // Reading ahead or back: the page stops pulling the view to the playing line until asked.
    stopFollowing();
  });

  // Shortcuts a media page is expected to have, kept away from controls that use the same keys.
  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    var tag = target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || tag === "AUDIO" || target.isContentEditable) return;
    var onButton = tag === "BUTTON" || tag === "A";
    var key = event.key;
    if (key === "k" || (key === " " && !onButton)) {
      event.preventDefault();
      if (audio.paused) { var playing = audio.play(); if (playing && playing.catch) playing.catch(function () {}); } else audio.pause();
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
  document.addEventListener("play", function (event) {
    var players = document.querySelectorAll("audio");
    for (var i = 0; i < players.length; i++) if (players[i] !== event.target) players[i].pause();
  }, true);

  // A page moved away from its audio, or a file deleted: say which file is missing and what brings it back.
  function reportMissing(player) {
    var place = player === audio ? bar.querySelector(".bar-inner") : player.parentNode;
    if (place.querySelector(":scope > .missing")) return;
    var note = document.createElement("p");
    note.className = "missing";
    note.setAttribute("role", "alert");
    var name = decodeURIComponent((player.getAttribute("src") || "").split("/").pop());
    note.textContent = "Cannot play " + name + ": keep this page in its folder beside the audio, or run podc build again.";
    place.append(note);
  }
  document.addEventListener("error", function (event) { if (event.target.tagName === "AUDIO") reportMissing(event.target); }, true);
  // A file missing from the start may have failed before this script ran.
  Array.prototype.forEach.call(document.querySelectorAll("audio"), function (player) { if (player.error) reportMissing(player); });

  // The listening speed, and where the listener was: kept for this page (a rebuilt episode reopens where it was left).
  var speed = document.getElementById("speed");
  var stored = {};
  var key = ${JSON.stringify(PLACE_KEY_PREFIX)} + location.pathname;
  try { stored = JSON.parse(localStorage.getItem(key) || "{}") || {}; } catch (e) { stored = {}; }
  var lastStored = 0;
  function store() {
    lastStored = audio.currentTime;
    try { localStorage.setItem(key, JSON.stringify({ at: audio.currentTime, rate: audio.playbackRate })); } catch (e) { /* storage off: nothing kept */ }
  }
  function setRate(rate) {
    if (!(rate > 0)) return;
    audio.playbackRate = rate;
    speed.value = String(rate);
  }
  setRate(Number(stored.rate));
  speed.addEventListener("change", function () { setRate(Number(speed.value)); store(); });
  // The episode keeps its rate when the player's own menu changes it, and the takes play at the same rate.
  audio.addEventListener("ratechange", function () {
    speed.value = String(audio.playbackRate);
    var players = document.querySelectorAll(".take audio");
    for (var i = 0; i < players.length; i++) players[i].playbackRate = audio.playbackRate;
  });
  // While playing, about once a second; and at every move the listener makes (a seek while paused fires no pause,
  // and may land within a second of the place last kept) and when the page goes away.
  audio.addEventListener("timeupdate", function () { if (Math.abs(audio.currentTime - lastStored) >= 1) store(); });
  audio.addEventListener("pause", store);
  audio.addEventListener("seeked", store);
  window.addEventListener("pagehide", store);
  // #t=93 (seconds) in the address opens the page at that moment; else where the listener left it.
  var asked = /^#t=(\d+(?:\.\d+)?)$/.exec(location.hash);
  var start = asked ? Number(asked[1]) : Number(stored.at) || 0;
  if (start > 0) {
    var go = function () { if (start < audio.duration) audio.currentTime = start; };
    if (audio.readyState >= 1) go(); else audio.addEventListener("loadedmetadata", go, { once: true });
  }

  // The sticky bar's height keeps the lines it covers visible when scrolled to.
  function measureBar() { document.documentElement.style.setProperty("--bar-h", bar.offsetHeight + "px"); }
  measureBar();
  if (window.ResizeObserver) new ResizeObserver(measureBar).observe(bar);
  update();
})();
`;
