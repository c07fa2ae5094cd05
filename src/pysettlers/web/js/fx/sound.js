// Sounds made with the Web Audio API (no files): dice, your turn, a trade offer to you, a
// steal; and the header's toggle that turns them on. Off by default; the choice is kept in
// localStorage.
//
// Not for: when to play which (effects.js and cue.js decide, from the events).

import { h } from "../dom.js";

const SOUND_KEY = "pysettlers.sound";

/**
 * Sounds made with the Web Audio API: dice, your turn, a trade offer to you, a steal. Off by
 * default; the header's toggle turns them on and the choice persists. Browsers start audio
 * only after a gesture: the context is made on the toggle's click, or resumed on the first
 * click or key after a reload with sounds on.
 */
export function sounds() {
  let on = localStorage.getItem(SOUND_KEY) === "on";
  let ac = null;
  let master = null;
  let played = 0;
  const button = h("button", { class: "sound-toggle", type: "button", onclick: () => set(!on) });
  const draw = () => {
    button.setAttribute("aria-pressed", String(on));
    button.setAttribute("aria-label", on ? "Sounds on (turn off)" : "Sounds off (turn on)");
    button.title = on ? "Sounds on: dice, your turn, offers, steals" : "Sounds off";
    button.replaceChildren(speaker(on));
  };
  draw();

  function context() {
    if (!ac) {
      const AC = window.AudioContext || window.webkitAudioContext;
      if (!AC) return null;
      try { ac = new AC(); } catch { return null; }
      master = ac.createGain();
      master.gain.value = 0.5;
      master.connect(ac.destination);
    }
    if (ac.state === "suspended") ac.resume().catch(() => {});
    return ac;
  }
  const wake = () => { if (on) context(); };
  document.addEventListener("pointerdown", wake, true);
  document.addEventListener("keydown", wake, true);

  function set(value) {
    on = value;
    localStorage.setItem(SOUND_KEY, on ? "on" : "off");
    draw();
    if (on) { context(); play("turn"); }
  }

  function tone(a, { freq, to, type = "sine", at = 0, dur = 0.2, gain = 0.2 }) {
    const t0 = a.currentTime + at;
    const o = a.createOscillator();
    const g = a.createGain();
    o.type = type;
    o.frequency.setValueAtTime(freq, t0);
    if (to) o.frequency.exponentialRampToValueAtTime(to, t0 + dur);
    g.gain.setValueAtTime(0.0001, t0);
    g.gain.exponentialRampToValueAtTime(gain, t0 + 0.012);
    g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
    o.connect(g).connect(master);
    o.start(t0);
    o.stop(t0 + dur + 0.05);
  }

  function noise(a, { at = 0, dur = 0.04, gain = 0.3, freq = 2500, q = 1.5 }) {
    const t0 = a.currentTime + at;
    const len = Math.max(1, Math.floor(a.sampleRate * dur));
    const buf = a.createBuffer(1, len, a.sampleRate);
    const data = buf.getChannelData(0);
    for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len);
    const src = a.createBufferSource();
    src.buffer = buf;
    const f = a.createBiquadFilter();
    f.type = "bandpass";
    f.frequency.value = freq;
    f.Q.value = q;
    const g = a.createGain();
    g.gain.value = gain;
    src.connect(f).connect(g).connect(master);
    src.start(t0);
  }

  const VOICES = {
    // Two dice rattling in a cup and landing: short clicks, then two knocks.
    dice: (a) => {
      [0, 0.05, 0.11, 0.16, 0.24].forEach((at, i) => noise(a, { at, dur: 0.03, gain: 0.5 - i * 0.06, freq: 2200 + i * 400 }));
      tone(a, { freq: 180, to: 90, at: 0.32, dur: 0.09, gain: 0.25 });
      tone(a, { freq: 160, to: 80, at: 0.4, dur: 0.08, gain: 0.18 });
    },
    // Your turn: a soft rising two-note chime.
    turn: (a) => {
      tone(a, { freq: 659, at: 0, dur: 0.35, gain: 0.16 });
      tone(a, { freq: 880, at: 0.14, dur: 0.5, gain: 0.16 });
    },
    // A trade offer to you: three quick bright notes.
    offer: (a) => {
      [523, 659, 784].forEach((freq, i) => tone(a, { freq, type: "triangle", at: i * 0.08, dur: 0.2, gain: 0.18 }));
    },
    // A steal: a falling swish.
    steal: (a) => {
      noise(a, { dur: 0.25, gain: 0.35, freq: 1200, q: 0.8 });
      tone(a, { freq: 700, to: 160, type: "sawtooth", dur: 0.28, gain: 0.07 });
    },
  };

  function play(name) {
    if (!on || !VOICES[name]) return;
    const a = context();
    if (!a) return;
    try { VOICES[name](a); } catch { return; }
    // For tests and the curious: what was played last, and how many.
    played += 1;
    button.dataset.played = String(played);
    button.dataset.last = name;
  }

  function dispose() {
    document.removeEventListener("pointerdown", wake, true);
    document.removeEventListener("keydown", wake, true);
    if (ac) ac.close().catch(() => {});
  }

  return { toggle: button, play, dispose };
}

/** A speaker with waves (on) or crossed out (off): emoji are missing from some systems' fonts. */
function speaker(on) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "speaker");
  svg.setAttribute("aria-hidden", "true");
  const path = (d, cls) => {
    const p = document.createElementNS(ns, "path");
    p.setAttribute("d", d);
    p.setAttribute("class", cls);
    svg.append(p);
  };
  path("M3 9h4l5-4v14l-5-4H3z", "cone");
  if (on) path("M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13", "wave");
  else path("M16 9l6 6M22 9l-6 6", "wave");
  return svg;
}
