/**
 * @file Annotations and text output for Foxglove's Log panel: each logged annotation (and any text message) becomes
 * a `foxglove.Log` on `/log`, named after the thread, with the annotation's name and description as the message.
 */
import { decodeAnnotation } from '@robot-runtime/protocol/debugMessages/annotation';
import { decodeTextMessage } from '@robot-runtime/protocol/debugMessages/textMessage';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import type { ChannelWriter, ExportContext, ExportFrame } from './ChannelWriter';
import { foxgloveJsonSchema } from './foxgloveSchemas';
import type { McapSchema } from './McapSink';

const LOG: McapSchema = { name: 'foxglove.Log', json: foxgloveJsonSchema('Log') };
/** foxglove.LogLevel INFO. */
const INFO = 2;

/** Annotations and text as log lines. */
export class LogWriter implements ChannelWriter {
  frame(f: ExportFrame, context: ExportContext): void {
    for (const m of f.frame.messages) {
      if (m.id !== MessageID.idAnnotation && m.id !== MessageID.idText) continue;
      f.take(m);
      let message: string;
      try {
        if (m.id === MessageID.idText) message = decodeTextMessage(m.payload);
        else {
          const a = decodeAnnotation(m.payload);
          message = `${a.name}: ${a.description}`;
        }
      } catch {
        context.skip(m.id === MessageID.idText ? 'Text (undecodable)' : 'Annotation (undecodable)');
        continue;
      }
      context.sink.write(
        '/log',
        LOG,
        { timestamp: f.stamp, level: INFO, message, name: f.thread, file: '', line: 0 },
        f.time,
      );
    }
  }
}
