/**
 * @file The well-known Foxglove message schemas an MCAP export writes, in both encodings Foxglove Studio and
 * Lichtblick read: JSON schemas (`jsonschema` + `json`) and Protobuf descriptors (`protobuf`, a serialized
 * FileDescriptorSet, as the HumanoidDataset asks). Both come from `@foxglove/schemas`, so the names and fields are
 * the ones the panels look for; our own message types (IMU for the dataset) are parsed into the same Protobuf root.
 */
import jsonSchemas from '@foxglove/schemas/jsonschema';
import { foxgloveEnumSchemas, foxgloveMessageSchemas, generateProto } from '@foxglove/schemas/internal';
import protobuf from 'protobufjs';
import descriptor from 'protobufjs/ext/descriptor';

/** A Foxglove schema's short name (`FrameTransform` for `foxglove.FrameTransform`). */
export type FoxgloveSchemaName = keyof typeof foxgloveMessageSchemas;

/** The JSON schema of `foxglove.<name>`. */
export function foxgloveJsonSchema(name: FoxgloveSchemaName): Record<string, unknown> {
  return (jsonSchemas as unknown as Record<string, Record<string, unknown>>)[name]!;
}

/** Our Protobuf messages that have no Foxglove equivalent (the HumanoidDataset's IMU sample). */
const OWN_PROTO = `syntax = "proto3";
package pitchside;
import "google/protobuf/timestamp.proto";
// One inertial measurement of the torso, with the UNIX time in milliseconds the HumanoidDataset asks for.
message Imu {
  google.protobuf.Timestamp timestamp = 1;
  uint64 unix_time_ms = 2;
  // Angular velocity around x, y, z (rad/s).
  double gyro_x = 3;
  double gyro_y = 4;
  double gyro_z = 5;
  // Linear acceleration along x, y, z, gravity included (m/s^2).
  double acc_x = 6;
  double acc_y = 7;
  double acc_z = 8;
  // Torso orientation: roll (x) and pitch (y) relative to the ground (rad).
  double orientation_x = 9;
  double orientation_y = 10;
}
`;

/** Foxglove schemas a Protobuf schema depends on (the generator imports them by file). */
function dependencies(name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  const schema = (
    foxgloveMessageSchemas as unknown as Record<
      string,
      { fields: readonly { type: { type: string; schema?: { name: string } } }[] }
    >
  )[name];
  for (const f of schema?.fields ?? [])
    if (f.type.type === 'nested' && f.type.schema) dependencies(f.type.schema.name, seen);
  return seen;
}

let protoRoot: protobuf.Root | undefined;
let descriptorBytes: Uint8Array | undefined;

/** One Protobuf root holding every Foxglove schema and ours (field names as written: snake_case). */
function root(): protobuf.Root {
  if (protoRoot) return protoRoot;
  const r = new protobuf.Root();
  r.addJSON(protobuf.common.get('google/protobuf/timestamp.proto')!.nested!);
  r.addJSON(protobuf.common.get('google/protobuf/duration.proto')!.nested!);
  const names = new Set<string>();
  for (const name of Object.keys(foxgloveMessageSchemas)) dependencies(name, names);
  const enums = Object.values(foxgloveEnumSchemas);
  for (const name of names) {
    const schema = foxgloveMessageSchemas[name as FoxgloveSchemaName];
    protobuf.parse(
      generateProto(
        schema,
        enums.filter((e) => e.parentSchemaName === name),
      ),
      r,
      { keepCase: true },
    );
  }
  protobuf.parse(OWN_PROTO, r, { keepCase: true });
  r.resolveAll();
  protoRoot = r;
  return r;
}

/** The Protobuf type of a fully qualified name (`foxglove.JointStates`, `pitchside.Imu`). */
export function protobufType(fullName: string): protobuf.Type {
  return root().lookupType(fullName);
}

/**
 * The serialized FileDescriptorSet of all our Protobuf schemas: the same bytes for every channel, which is what
 * MCAP readers expect (the schema name picks the message out of the set).
 */
export function protobufDescriptorSet(): Uint8Array {
  descriptorBytes ??= descriptor.FileDescriptorSet.encode(
    (root() as unknown as { toDescriptor(edition: string): protobuf.Message }).toDescriptor('proto3'),
  ).finish();
  return descriptorBytes;
}

/** The root of a FileDescriptorSet as a reader builds it (for checking what was written). */
export function rootFromDescriptorSet(bytes: Uint8Array): protobuf.Root {
  return (
    protobuf.Root as unknown as { fromDescriptor(d: unknown, o: { keepCase: boolean }): protobuf.Root }
  ).fromDescriptor(descriptor.FileDescriptorSet.decode(bytes), { keepCase: true });
}
