/**
 * The new-order chime, made with the Web Audio API so no sound file has to be shipped or
 * fetched. Browsers keep audio locked until the user interacts with the page: call
 * unlockNotificationSound() from a click (the live orders start prompt, the test-sound button)
 * before relying on playNotificationSound() from a timer or a realtime event.
 */
type AudioContextCtor = typeof AudioContext;

let context: AudioContext | undefined;

function audioContext(): AudioContext | undefined {
  if (context) return context;
  const Ctor: AudioContextCtor | undefined =
    globalThis.AudioContext ??
    (globalThis as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext;
  if (!Ctor) return undefined;
  context = new Ctor();
  return context;
}

/** Whether a chime can be heard now (audio exists and the browser has unlocked it). */
export function isNotificationSoundUnlocked(): boolean {
  return context?.state === 'running';
}

/** Unlocks audio; call from a user gesture. Resolves to whether audio is now running. */
export async function unlockNotificationSound(): Promise<boolean> {
  const ctx = audioContext();
  if (!ctx) return false;
  if (ctx.state !== 'running') {
    try {
      await ctx.resume();
    } catch {
      return false;
    }
  }
  return ctx.state === 'running';
}

/** Plays a short two-note chime; resolves to false when audio is unavailable or locked. */
export async function playNotificationSound(): Promise<boolean> {
  const ctx = audioContext();
  if (!ctx || ctx.state !== 'running') return false;
  const start = ctx.currentTime + 0.01;
  const notes: Array<[frequency: number, offset: number]> = [
    [880, 0],
    [1318.5, 0.18],
  ];
  for (const [frequency, offset] of notes) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.4, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.45);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.5);
  }
  return true;
}
