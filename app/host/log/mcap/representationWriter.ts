/**
 * @file Every logged representation as it is, for Foxglove's Raw Messages and Plot panels: `/<thread>/<Name>`.
 * Where ROS 1 can describe its streaming (ros1Definition.ts, nearly every representation), the logged bytes are
 * written unchanged with a `ros1msg` schema generated from the log's own type info (our declarations for a log
 * without one): exact, and no cost but a copy. The rest are decoded and written as JSON with a JSON schema derived
 * from the type info, enums as their constant names; such a representation logged with the same bytes as the last
 * time in its thread is not decoded again (its JSON is reused, see repeatedJson.ts). Camera images are left to the
 * camera writer (which runs first and takes them).
 */
import { InBinary } from '@robot-runtime/protocol/binary/InBinary';
import { representationForMessageId } from '@robot-runtime/protocol/messages/MessageIDs';
import { genericCodec } from '@robot-runtime/protocol/typeInfo/genericCodec';
import { typeInfoFromTypes } from '@robot-runtime/protocol/typeInfo/fromTypes';
import type { TypeInfo } from '@robot-runtime/protocol/typeInfo/TypeInfo';
import type { AnyType } from '@robot-runtime/protocol/types';
import { allRepresentations } from '@robot-runtime/representations/allRepresentations';
import { jsonSchemaOf, toJson } from '../jsonSchema';
import type { ChannelWriter, ExportContext, ExportFrame } from './ChannelWriter';
import type { McapSchema } from './McapSink';
import { KeptBytes, RepeatCache } from './repeatedJson';
import { ros1Schema } from './ros1Definition';

/** Our declarations, for logs without type info. */
let ownTypeInfo: TypeInfo | undefined;
function fallbackTypeInfo(): TypeInfo {
  ownTypeInfo ??= typeInfoFromTypes(allRepresentations as unknown as AnyType[]);
  return ownTypeInfo;
}

/** Representations that other writers export in a better form and that are too large to repeat as JSON. */
const LEFT_OUT = new Set(['CameraImage']);

/** Where a thread's messages of one representation are written. */
interface Route {
  rep: string;
  /** The type info that describes the representation (the log's, else our declarations). */
  info: TypeInfo;
  topic: string;
  schema: McapSchema;
  /** The last bytes checked to decode (ROS 1 channels). */
  lastChecked: KeptBytes;
}

/** Logged representations as their logged bytes under a ROS 1 definition or, where none can describe them, JSON. */
export class RepresentationWriter implements ChannelWriter {
  private readonly schemas = new Map<string, McapSchema>();
  /** JSON of the last message per topic. */
  private readonly json = new RepeatCache<string>();

  /** Where each thread's messages of each id go (null: nowhere), worked out on the first one. */
  private readonly routes = new Map<string, Map<number, Route | null>>();

  frame(f: ExportFrame, context: ExportContext): void {
    let routes = this.routes.get(f.thread);
    if (!routes) this.routes.set(f.thread, (routes = new Map()));
    for (const m of f.frame.messages) {
      let route = routes.get(m.id);
      if (route === undefined) routes.set(m.id, (route = this.routeOf(f.thread, m.id, context)));
      if (route === null) continue;
      const { rep, info, topic, schema } = route;
      if (schema.ros1 !== undefined) {
        // Checked as a decode would check it (without building the value): what does not decode is not written. Bytes
        // that checked out last time, or that another writer decoded, need no check.
        if (!f.decodedWell(m) && !route.lastChecked.equals(m.payload)) {
          try {
            genericCodec(info, rep).skip(new InBinary(m.payload));
            route.lastChecked.keep(m.payload);
          } catch {
            if (!f.isTaken(m)) context.skip(`${rep} (undecodable)`);
            f.take(m);
            continue;
          }
        }
        f.take(m);
        context.sink.writeBytes(topic, schema, m.payload, f.time);
        continue;
      }
      let json = this.json.get(topic, m.payload);
      if (json === undefined) {
        let value: unknown;
        try {
          value = genericCodec(info, rep).read(new InBinary(m.payload));
        } catch {
          if (!f.isTaken(m)) context.skip(`${rep} (undecodable)`);
          f.take(m);
          continue;
        }
        json = this.json.set(topic, m.payload, JSON.stringify(toJson(value)));
      }
      f.take(m);
      context.sink.writeJson(topic, schema, json, f.time);
    }
  }

  /** Where `thread`'s messages with `id` go: null for what is no representation, or one this writer leaves out. */
  private routeOf(thread: string, id: number, context: ExportContext): Route | null {
    const rep = representationForMessageId(id);
    if (!rep || LEFT_OUT.has(rep)) return null;
    const logInfo = context.log.typeInfo;
    const info = logInfo?.classes.has(rep)
      ? logInfo
      : fallbackTypeInfo().classes.has(rep)
        ? fallbackTypeInfo()
        : undefined;
    if (!info) return null;
    return { rep, info, topic: `/${thread}/${rep}`, schema: this.schemaOf(info, rep), lastChecked: new KeptBytes() };
  }

  /** The schema of `rep`'s channels: its ROS 1 definition where there is one, else a JSON schema. */
  private schemaOf(info: TypeInfo, rep: string): McapSchema {
    let schema = this.schemas.get(rep);
    if (!schema) {
      const ros1 = ros1Schema(info, rep);
      schema = ros1
        ? { name: ros1.name, json: {}, ros1: ros1.definition }
        : { name: rep, json: { ...jsonSchemaOf(info, rep), title: rep } };
      this.schemas.set(rep, schema);
    }
    return schema;
  }
}
