import type { ShotEvent } from "@habibka/shared";

/**
 * Sounds synthesised with WebAudio from the trace's events: a click for a ball–ball collision, a dull knock
 * for a cushion, a rolling drop for a pocket. No audio files to download; muting is remembered.
 */
const MUTE_KEY = "habibka.muted";

let context: AudioContext | null = null;

/** Read from storage once; every switch of the sound (the header's, a phone's table menu's) goes through here. */
let muted: boolean | null = null;
const mutedListeners = new Set<() => void>();

export function isMuted(): boolean {
  if (muted === null) {
    try {
      muted = localStorage.getItem(MUTE_KEY) === "1";
    } catch {
      muted = false;
    }
  }
  return muted;
}

export function setMuted(value: boolean): void {
  muted = value;
  try {
    localStorage.setItem(MUTE_KEY, value ? "1" : "0");
  } catch {
    // not remembered
  }
  for (const listener of mutedListeners) listener();
}

/** Calls `listener` whenever the sound is switched on or off; returns the unsubscribe (useSyncExternalStore's shape). */
export function subscribeMuted(listener: () => void): () => void {
  mutedListeners.add(listener);
  return () => mutedListeners.delete(listener);
}

function audio(): AudioContext | null {
  if (typeof AudioContext === "undefined") return null;
  context ??= new AudioContext();
  // Browsers start the context suspended until a gesture; the shot button was one.
  if (context.state === "suspended") void context.resume();
  return context;
}

function tone(ctx: AudioContext, at: number, frequency: number, length: number, gain: number, type: OscillatorType) {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(frequency, at);
  osc.frequency.exponentialRampToValueAtTime(frequency * 0.6, at + length);
  amp.gain.setValueAtTime(gain, at);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/** How hard an event sounds, from the speed of the balls in it (m/s): a soft touch is barely heard. */
function loudness(speed: number): number {
  return Math.min(1, Math.max(0.08, speed / 4));
}

/**
 * Plays the events that happened since the last frame, each as loud as the balls were fast (`speedOf`); a
 * burst is capped so a break is not a din.
 */
export function playEvents(events: readonly ShotEvent[], speedOf: (event: ShotEvent) => number = () => 2): void {
  if (isMuted() || events.length === 0) return;
  const ctx = audio();
  if (!ctx) return;
  const now = ctx.currentTime;
  let played = 0;
  for (const e of events) {
    if (played >= 6) break;
    const level = loudness(speedOf(e));
    if (e.type === "collision") tone(ctx, now, 2400 + Math.random() * 600, 0.05, 0.35 * level, "triangle");
    else if (e.type === "strike") tone(ctx, now, 900, 0.04, 0.25 * level, "square");
    else if (e.type === "cushion") tone(ctx, now, 180, 0.09, 0.35 * level, "sine");
    else if (e.type === "pocket") {
      tone(ctx, now, 320, 0.18, 0.3, "sine");
      tone(ctx, now + 0.08, 140, 0.25, 0.25, "sine");
    } else continue;
    played++;
  }
}

/**
 * Browsers keep audio silent until the page gets a gesture; spectators may never press a game button, so the
 * first tap or key anywhere on the page wakes the audio context.
 */
export function unlockAudioOnGesture(): void {
  const unlock = () => {
    audio();
    window.removeEventListener("pointerdown", unlock);
    window.removeEventListener("keydown", unlock);
  };
  window.addEventListener("pointerdown", unlock);
  window.addEventListener("keydown", unlock);
}

/** The turn has come to this player: a rising two-note chime, and a short buzz where the device has one. */
export function announceTurn(): void {
  try {
    navigator.vibrate?.(120);
  } catch {
    // no vibration here
  }
  if (isMuted()) return;
  const ctx = audio();
  if (!ctx) return;
  const now = ctx.currentTime;
  tone(ctx, now, 660, 0.16, 0.22, "sine");
  tone(ctx, now + 0.14, 990, 0.24, 0.22, "sine");
}
