/**
 * @file Opens a recording as the log player's frame source, by what the file is (its first bytes), not its name:
 * an MCAP file exported by Pitchside, else a B-Human log.
 */
import type { FrameSource } from './FrameSource';
import { LogFile, type LogFileOptions } from './LogFile';
import { isMcapFile, McapFrameSource } from './McapFrameSource';

/** Opens `path`; throws for I/O errors and for files no frame source can replay. */
export function openFrameSource(path: string, options: LogFileOptions = {}): FrameSource {
  if (isMcapFile(path)) return McapFrameSource.open(path);
  return LogFile.open(path, options);
}
