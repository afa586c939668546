// Move sounds, made here with Web Audio (nothing is downloaded): a wooden click for a move, a
// heavier knock for a capture, a higher double tap for a check. Quiet when muted, and silent
// where the browser has no audio.

let context = null;
let muted = false;

/** Mutes or unmutes every sound. */
export function setMuted(on) {
  muted = !!on;
}

// Shapes of the three sounds: [delay s, frequency Hz, length s, gain] per tap.
const Taps = {
  move: [[0, 1800, 0.05, 0.5]],
  capture: [[0, 900, 0.08, 0.8], [0.012, 1500, 0.05, 0.35]],
  check: [[0, 2400, 0.05, 0.45], [0.11, 2400, 0.05, 0.45]],
};

/** Plays the sound of a move: 'move', 'capture' or 'check'. Returns whether it sounded. */
export function playSound(kind) {
  if (muted || !Taps[kind]) return false;
  const Context = globalThis.AudioContext ?? globalThis.webkitAudioContext;
  if (!Context) return false;
  try {
    context ??= new Context();
    if (context.state === 'suspended') context.resume().catch(() => {});
    const now = context.currentTime;
    for (const [delay, frequency, length, gain] of Taps[kind]) tap(now + delay, frequency, length, gain);
    return true;
  } catch {
    return false;
  }
}

// One tap: a burst of noise through a band-pass filter, decaying fast, like wood on wood.
function tap(start, frequency, length, gain) {
  const samples = Math.ceil(context.sampleRate * length);
  const buffer = context.createBuffer(1, samples, context.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < samples; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / samples) ** 3;
  const source = context.createBufferSource();
  source.buffer = buffer;
  const filter = context.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = frequency;
  filter.Q.value = 4;
  const volume = context.createGain();
  volume.gain.value = gain;
  source.connect(filter).connect(volume).connect(context.destination);
  source.start(start);
}

/** Which sound a move makes, from the engine's record of it (NodeRecord: check, captured). */
export function soundOf(node) {
  return node.check ? 'check' : node.captured ? 'capture' : 'move';
}
