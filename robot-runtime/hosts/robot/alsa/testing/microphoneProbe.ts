/**
 * @file Run inside the test VM (AlsaCapture.vm.test.ts starts it there): plays a sound into the ALSA loopback's
 * playback side with aplay while AlsaCapture reads the capture side ("default", the loopback being the VM's only
 * card), and runs the WhistleDetector's listener on the captured blocks exactly as the module does each frame.
 * Sounds: `whistle` (3.2 kHz with its overtone and a little vibrato, 1 s after 1 s of silence), `tone` (a plain
 * 1 kHz tone), `silence`, `noise` (white noise). Prints one `PROBE {json}` line per sound.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseTyped } from '@robot-runtime/protocol/configMap';
import { WhistleDetectorParameters } from '@robot-runtime/modules/Modeling/WhistleDetector/parameters';
import { WhistleListener } from '@robot-runtime/modules/Modeling/WhistleDetector/WhistleListener';
import { WhistleSpectrum } from '@robot-runtime/modules/Modeling/WhistleDetector/whistleSpectrum';
import { Whistle } from '@robot-runtime/representations/Modeling/Whistle';
import { AlsaCapture, FRAMES_PER_READ } from '../AlsaCapture';

const RATE = 48000;
const SECONDS = 4;
const ONSET_S = 1;

/** A 16-bit stereo WAV of `samples` (mono, −1..1) at 48 kHz. */
function wav(samples: Float32Array): Buffer {
  const data = Buffer.alloc(samples.length * 4);
  samples.forEach((s, i) => {
    const v = Math.round(Math.max(-1, Math.min(1, s)) * 32767);
    data.writeInt16LE(v, i * 4);
    data.writeInt16LE(v, i * 4 + 2);
  });
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** The sound of `kind`, SECONDS long. */
function sound(kind: string): Float32Array {
  const out = new Float32Array(RATE * SECONDS);
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / RATE;
    if (kind === 'noise') out[i] = 0.3 * random();
    else if (kind === 'tone') out[i] = 0.4 * Math.sin(2 * Math.PI * 1000 * t);
    else if (kind === 'whistle' && t >= ONSET_S && t < ONSET_S + 1) {
      // A pea whistle's warble: the pitch wobbles by ±60 Hz about 30 times a second.
      phase += (2 * Math.PI * (3200 + 60 * Math.sin(2 * Math.PI * 30 * t))) / RATE;
      out[i] = 0.35 * Math.sin(phase) + 0.12 * Math.sin(2 * phase) + 0.02 * random();
    }
  }
  return out;
}

function probe(kind: string, params: WhistleDetectorParameters): void {
  const file = path.join('/tmp', `${kind}.wav`);
  fs.writeFileSync(file, wav(sound(kind)));
  const capture = AlsaCapture.open({ device: 'default', channels: 2, rate: RATE });
  // The capture side is open first, so the loopback takes its format; plughw converts aplay's 16-bit samples.
  const player = spawn('aplay', ['-q', '-D', 'plughw:Loopback,1,0', file], { stdio: 'inherit' });
  // Capture first, listen afterwards: an emulated CPU cannot always analyse as fast as the device records, and
  // a dropped block would shift the sample clock the delay is measured on.
  const blocks: Float32Array[] = [];
  let recoveries = 0;
  while (blocks.length * FRAMES_PER_READ < RATE * (SECONDS + 0.5)) {
    const block = capture.read();
    if (block) blocks.push(block.slice());
    else recoveries++;
  }
  const listener = new WhistleListener(params);
  const spectrum = new WhistleSpectrum();
  const whistle = Whistle.defaultValue();
  /** Each whistle: when the detector dates it and the frame that reported it (ms on the sample clock). */
  const detections: { at: number; reportedAt: number }[] = [];
  let onsetMs: number | undefined;
  let frames = 0;
  let peak = 0;
  let toneEnergy = 0;
  for (const block of blocks) {
    frames += FRAMES_PER_READ;
    const timeMs = Math.round((frames / RATE) * 1000);
    let sum = 0;
    for (const s of block) sum += s * s;
    const rms = Math.sqrt(sum / block.length);
    peak = Math.max(peak, rms);
    // The first loud block marks when the sound reached the microphone (the VM's sample clock, not a wall clock).
    if (onsetMs === undefined && rms > 0.05) {
      const first = block.findIndex((s) => Math.abs(s) > 0.05);
      onsetMs = Math.round(((frames - FRAMES_PER_READ + first / capture.channels) / RATE) * 1000);
    }
    if (kind === 'tone') toneEnergy = Math.max(toneEnergy, goertzel(block, capture.channels, 1000, capture.rate));
    const audio = { channels: capture.channels, sampleRate: capture.rate, samples: Array.from(block) };
    const before = whistle.lastTimeWhistleDetected;
    listener.update({ params, audio, time: timeMs, whistle, spectrum, network: undefined });
    if (whistle.lastTimeWhistleDetected !== before)
      detections.push({ at: whistle.lastTimeWhistleDetected, reportedAt: timeMs });
  }
  capture.close();
  player.kill();
  console.log(
    `PROBE ${JSON.stringify({ kind, rate: capture.rate, channels: capture.channels, onsetMs, detections, peak, recoveries, toneEnergy })}`,
  );
}

/** The amplitude of `frequency` in channel 0 of an interleaved block (one Goertzel bin). */
function goertzel(block: Float32Array, channels: number, frequency: number, rate: number): number {
  const n = block.length / channels;
  const k = (2 * Math.cos((2 * Math.PI * frequency) / rate)) as number;
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < n; i++) {
    const s = block[i * channels]! + k * s1 - s2;
    s2 = s1;
    s1 = s;
  }
  return (2 * Math.sqrt(Math.max(0, s1 * s1 + s2 * s2 - k * s1 * s2))) / n;
}

const cfg = fs.readFileSync('config/Scenarios/Default/whistleDetector.cfg', 'utf8');
const params = parseTyped(WhistleDetectorParameters, cfg, 'whistleDetector.cfg').value;
// The physical model alone: the network file is not in the checkout, and nnWeight 0 is how B-Human runs without.
params.nnWeight = 0;
for (const kind of process.argv.slice(2)) probe(kind, params);
