// `npx tsx scripts/goal-sound.ts`: writes public/sounds/goal.wav, the goal chime (three rising bell
// notes, C6–E6–G6, with soft harmonics and a decaying tail). Synthesised here so the sound is ours.
import { writeFileSync } from 'node:fs';

const RATE = 16_000;
const SECONDS = 0.82;
const NOTES = [
  { frequency: 1046.5, at: 0 },
  { frequency: 1318.5, at: 0.13 },
  { frequency: 1568.0, at: 0.26 },
];

const samples = new Float64Array(Math.round(RATE * SECONDS));
for (const note of NOTES) {
  const start = Math.round(note.at * RATE);
  for (let index = start; index < samples.length; index += 1) {
    const time = (index - start) / RATE;
    const attack = Math.min(1, time / 0.005);
    const envelope = attack * Math.exp(-time * 6);
    const tone =
      Math.sin(2 * Math.PI * note.frequency * time) +
      0.35 * Math.sin(2 * Math.PI * note.frequency * 2 * time) * Math.exp(-time * 10) +
      0.12 * Math.sin(2 * Math.PI * note.frequency * 3 * time) * Math.exp(-time * 16);
    samples[index]! += 0.28 * envelope * tone;
  }
}
// Fade the last 40 ms so a loop restarts without a click.
const fade = Math.round(0.04 * RATE);
for (let index = 0; index < fade; index += 1) samples[samples.length - 1 - index]! *= index / fade;

const data = Buffer.alloc(samples.length * 2);
samples.forEach((value, index) => {
  data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, value)) * 32_767), index * 2);
});
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20);
header.writeUInt16LE(1, 22);
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28);
header.writeUInt16LE(2, 32);
header.writeUInt16LE(16, 34);
header.write('data', 36);
header.writeUInt32LE(data.length, 40);
writeFileSync(new URL('../public/sounds/goal.wav', import.meta.url), Buffer.concat([header, data]));
