/**
 * @file The export's raw-frames channel as one of its channel writers: every log frame's bytes on `/bhuman/frames`
 * (see ../mcapRawFrames.ts), so the log player replays the export as it replays the log. It takes no message:
 * the decoded channels beside it still write (and count) everything. It runs after the camera writer, whose image
 * message the frame then refers to instead of repeating its bytes.
 */
import { addRawFrameChannel, type RawFrameChannel } from '../mcapRawFrames';
import type { ChannelWriter, ExportContext, ExportFrame } from './ChannelWriter';

/** Writes the raw frames. */
export class RawFramesWriter implements ChannelWriter {
  private channel: RawFrameChannel | undefined;

  async start(context: ExportContext): Promise<void> {
    this.channel = await addRawFrameChannel(context.sink.writer, context.file.log);
  }

  async frame(frame: ExportFrame): Promise<void> {
    await this.channel?.write(frame.frame.index, frame.time, frame.frame.bytes, frame.image);
  }
}
