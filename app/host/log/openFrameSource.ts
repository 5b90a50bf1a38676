/**
 * @file Opens a recording as the log player's frame source, by what the file is (its first bytes), not its name:
 * an MCAP file exported by Pitchside, else a B-Human log. A source opened ahead in slices (openInSlices.ts) is
 * taken instead of reading the file again.
 */
import type { FrameSource } from './FrameSource';
import { LogFile, type LogFileOptions } from './LogFile';
import { isMcapFile, McapFrameSource } from './McapFrameSource';
import { takePrepared } from './openInSlices';

/** Opens `path`; throws for I/O errors and for files no frame source can replay. */
export function openFrameSource(path: string, options: LogFileOptions = {}): FrameSource {
  const prepared = takePrepared(path);
  if (prepared) return prepared;
  if (isMcapFile(path)) return McapFrameSource.open(path);
  return LogFile.open(path, options);
}
