/**
 * @file What `npm run log -- info` prints: who recorded the log, frames, threads, duration, image frames,
 * annotations, problems and the per-message statistics of `log ?`. The duration comes from the FrameInfo times of
 * the first and last frames, so only a few frames are read.
 */
import { frameTimeOf } from './frameTime';
import type { LogFile } from './LogFile';
import { formatStatistics, messageStatistics } from './statistics';

/** Frames searched from each end for a FrameInfo time. */
const TIME_SEARCH = 50;

/** First and last FrameInfo times of the log (ms), when it has any near its ends. */
export function logTimeSpan(file: LogFile): { first: number; last: number } | undefined {
  let first: number | undefined;
  let last: number | undefined;
  for (let i = 0; i < Math.min(TIME_SEARCH, file.frameCount) && first === undefined; i++)
    first = frameTimeOf(file.readFrame(i), file.typeInfo);
  for (let i = file.frameCount - 1; i >= Math.max(0, file.frameCount - TIME_SEARCH) && last === undefined; i--)
    last = frameTimeOf(file.readFrame(i), file.typeInfo);
  return first !== undefined && last !== undefined ? { first, last } : undefined;
}

/** The info text of a log. */
export function logInfo(file: LogFile): string {
  const log = file.log;
  const s = log.settings;
  const frames = file.frameCount;
  const perThread = log.index.threads.map(
    (t) => `${t.thread} (${t.counts[log.idNames.indexOf('idFrameBegin')] ?? 0} frames)`,
  );
  let images = 0;
  for (let i = 0; i < frames; i++) images += log.index.imageFrames[i]!;
  const span = logTimeSpan(file);
  const lines = [
    `file: ${file.path} (${file.size} bytes)`,
    `recorded by: ${s ? `${s.headName} (${s.bodyName}), player ${s.playerNumber}, location ${s.location}, scenario ${s.scenario}` : 'unknown'}`,
    `frames: ${frames} (${images} with images), index ${log.indexSource === 'file' ? 'from the file' : 'built by a scan'}`,
    `threads: ${perThread.join(', ') || 'none'}`,
    `duration: ${span ? `${((span.last - span.first) / 1000).toFixed(3)} s (${span.first} … ${span.last} ms)` : 'unknown (no FrameInfo)'}`,
    `type info: ${log.header.typeInfo ? `${log.header.typeInfo.classes.size} classes, ${log.header.typeInfo.enums.size} enums` : 'none'}`,
    `annotations: ${log.index.annotations.length}`,
  ];
  if (log.trailing) {
    const t = log.trailing;
    lines.push(
      `incomplete last frame: ${t.messages} messages (${t.bytes} bytes) of ${t.thread} after the last complete frame, ` +
        'kept in the file and counted in the statistics, not played',
    );
  }
  if (log.unknownIdNames.length) lines.push(`unknown message ids: ${log.unknownIdNames.join(', ')}`);
  for (const p of log.problems) lines.push(`problem: ${p}`);
  lines.push('', formatStatistics(messageStatistics(log.index, log.idNames)));
  return lines.join('\n');
}
