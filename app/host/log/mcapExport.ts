/**
 * @file `npm run log -- export --mcap`: writes a log as an MCAP file that Foxglove Studio and Lichtblick show
 * with their own panels. A list of channel writers turns each frame into messages on well-known Foxglove schemas
 * (3-D scene and transforms, camera images with calibration, named joint states, log lines, plots, stopwatches)
 * plus every representation as JSON; what no writer took is counted per kind. Times are UNIX times (see
 * mcap/timeBase.ts), chunks are zstd-compressed, and a Metadata record says where the data came from.
 * `--profile humanoid-dataset` writes the Nao Devils' HumanoidDataset form instead (Protobuf, its metadata).
 */
import fs from 'node:fs';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { ExportFrame, type ChannelWriter, type ExportContext, type ExportLog } from './mcap/ChannelWriter';
import { CameraWriter } from './mcap/cameraWriter';
import {
  HUMANOID_METADATA_NAME,
  ImuWriter,
  writeHumanoidMetadata,
  type HumanoidDatasetOptions,
} from './mcap/humanoidDataset';
import { JointWriter } from './mcap/jointWriter';
import { LogWriter } from './mcap/logWriter';
import { McapSink } from './mcap/McapSink';
import { RawFramesWriter } from './mcap/rawFramesWriter';
import { DebugOutputWriter } from './mcap/debugOutputWriter';
import { RepresentationWriter } from './mcap/representationWriter';
import { SceneWriter } from './mcap/sceneWriter';
import { timeBaseOf, unixNanos } from './mcap/timeBase';
import { frameTimeOf } from './frameTime';
import type { LogFile } from './LogFile';

export { HUMANOID_METADATA_NAME };

/** The forms an export can take. */
export const MCAP_PROFILES = ['foxglove', 'humanoid-dataset'] as const;
export type McapProfile = (typeof MCAP_PROFILES)[number];

/** Options of an export. */
export interface McapExportOptions extends HumanoidDatasetOptions {
  /** Default foxglove. */
  profile?: McapProfile;
  /** Whether the robot was simulated (default: whether the log holds the simulator's ground truth). */
  simulated?: boolean;
  /** UNIX time of the first frame (default: derived from the file's modification time). */
  start?: Date;
  /** Called now and then with the fraction done. */
  onProgress?: (fraction: number) => void;
  /** Export only the first frames (benchmarks). */
  frameLimit?: number;
}

/** What an export wrote. */
export interface McapExportResult {
  messages: number;
  channels: number;
  /** Messages no channel took, by kind (representation or message id name, with the reason in parentheses). */
  skipped: Map<string, number>;
  bytes: number;
  /** ISO date of the first frame, and where it came from. */
  start: string;
  timeSource: string;
}

/**
 * The channel writers of a profile, in order (the camera writer runs before the JSON one, which leaves images).
 * Another channel is one more writer here; it gets the sink (and its MCAP writer) and the log file in the context.
 */
function channelWriters(profile: McapProfile): ChannelWriter[] {
  if (profile === 'humanoid-dataset')
    return [new ImuWriter(), new JointWriter(), new CameraWriter({ compressed: true })];
  return [
    new SceneWriter(),
    new CameraWriter({ compressed: false }),
    new JointWriter(),
    new LogWriter(),
    new DebugOutputWriter(),
    new RepresentationWriter(),
    // The log's frames byte for byte, for the log player (mcapRawFrames.ts).
    new RawFramesWriter(),
  ];
}

/** Whether the log holds the simulator's ground truth, which only a simulated robot has. */
function hasGroundTruth(file: LogFile): boolean {
  const id = MessageID.idGroundTruthWorldState;
  return file.log.index.threads.some((t) => (t.counts[id] ?? 0) > 0);
}

/** Whether `a` and `b` name the same existing file. */
function sameFile(a: string, b: string): boolean {
  try {
    const sa = fs.statSync(a);
    const sb = fs.statSync(b);
    return sa.dev === sb.dev && sa.ino === sb.ino;
  } catch {
    return false;
  }
}

/** Exports `file` to `out`. Throws before writing anything when `out` is the log itself. */
export async function exportMcap(
  file: LogFile,
  out: string,
  optionsOrProgress: McapExportOptions | ((fraction: number) => void) = {},
  frameLimit?: number,
): Promise<McapExportResult> {
  // The older signature (file, out, onProgress, frameLimit) is still accepted.
  const options: McapExportOptions =
    typeof optionsOrProgress === 'function'
      ? { onProgress: optionsOrProgress, frameLimit }
      : { frameLimit, ...optionsOrProgress };
  if (sameFile(file.path, out)) throw new Error(`refusing to overwrite the log being exported: ${out}`);
  const profile = options.profile ?? 'foxglove';
  const settings = file.log.settings;
  const log: ExportLog = {
    path: file.path,
    typeInfo: file.typeInfo,
    settings,
    simulated: options.simulated ?? hasGroundTruth(file),
  };
  const base = timeBaseOf(file, options.start);
  const sink = await McapSink.create(
    out,
    profile === 'humanoid-dataset' ? 'protobuf' : 'json',
    profile === 'humanoid-dataset' ? 'humanoid-dataset' : '',
  );
  const skipped = new Map<string, number>();
  const context: ExportContext = { sink, log, file, skip: (kind) => skipped.set(kind, (skipped.get(kind) ?? 0) + 1) };
  const writers = channelWriters(profile);
  const start = new Date(base.startMs).toISOString();
  try {
    const firstTime = unixNanos(base, base.firstFrameTime);
    if (profile === 'humanoid-dataset') await writeHumanoidMetadata(context, options);
    await sink.metadata('pitchside', {
      source: file.path,
      recording_start: start,
      recording_start_source: base.source,
      duration_ms: String(base.lastFrameTime - base.firstFrameTime),
      robot: settings ? `${settings.headName} (body ${settings.bodyName}, player ${settings.playerNumber})` : '',
      scenario: settings?.scenario ?? '',
      location: settings?.location ?? '',
      simulated: String(log.simulated),
    });
    for (const w of writers) await w.start?.(context, firstTime);
    const frames = Math.min(file.frameCount, options.frameLimit ?? Infinity);
    let time = base.firstFrameTime;
    for (let i = 0; i < frames; i++) {
      const frame = file.readFrameTransient(i);
      time = frameTimeOf(frame, file.typeInfo) ?? time;
      const exportFrame = new ExportFrame(frame, unixNanos(base, time), log);
      for (const w of writers) {
        const writing = w.frame(exportFrame, context);
        if (writing) await writing;
      }
      for (const kind of exportFrame.untakenKinds()) context.skip(kind);
      if (frame.error) context.skip('damaged frame');
      if (options.onProgress && i % 500 === 0) options.onProgress(i / frames);
    }
    options.onProgress?.(1);
    const bytes = await sink.end();
    return { messages: sink.messageCount, channels: sink.channelCount, skipped, bytes, start, timeSource: base.source };
  } catch (error) {
    // An unfinished MCAP file has no summary and would look like a valid, short one: it is removed.
    sink.abort();
    fs.rmSync(out, { force: true });
    throw error;
  }
}
