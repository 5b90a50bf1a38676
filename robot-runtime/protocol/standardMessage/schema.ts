/**
 * @file The standard team message's schema, declared once as a table. Its proto3 text is rendered from the table:
 * the runtime parses that text (the pure layers read no files), and `docs/standardMessage.proto`, the copy other
 * teams read, is the same rendering written out (`npm run proto` writes it; a test checks it).
 */

/** A field: its type (with `optional ` or `repeated ` in front where it has a rule), name, comment and number. */
type Field = readonly [type: string, name: string, comment?: string, id?: number];

/** A message with its fields (numbered from 1 in order unless a field says its number), or an enum's values. */
type Block =
  | { readonly message: string; readonly comment: string; readonly fields: readonly Field[] }
  | { readonly enum: string; readonly comment: string; readonly values: readonly string[] };

/** The file's opening comment, one entry a line. */
const HEADER = [
  'A team message every SPL team can read (after the NUbots proposal for a standard message): one message per',
  "UDP packet, field units mm, rad and ms as in the rest of the league's data. Teams add what only they",
  'understand as named extensions instead of new fields, so the common part stays stable.',
];

/** The package the messages live in. */
const STANDARD_MESSAGE_PACKAGE = 'pitchside.spl';

/** The messages and enums, in the order the file declares them. */
const BLOCKS: readonly Block[] = [
  {
    enum: 'RobotState',
    comment: 'Whether the sender takes part in play.',
    values: ['STATE_UNKNOWN', 'STATE_UNPENALISED', 'STATE_PENALISED'],
  },
  {
    message: 'Pose2',
    comment: 'x, y in mm and theta in rad.',
    fields: [
      ['float', 'x'],
      ['float', 'y'],
      ['float', 'theta'],
    ],
  },
  {
    message: 'Position2',
    comment: 'A position in mm.',
    fields: [
      ['float', 'x'],
      ['float', 'y'],
    ],
  },
  {
    message: 'FieldPose',
    comment: "The sender's pose on the field (origin at the centre spot, x towards the opponent goal).",
    fields: [
      ['Pose2', 'pose'],
      ['repeated float', 'covariance', '3×3 covariance of (x, y, theta), column-major.'],
    ],
  },
  {
    message: 'Ball',
    comment: 'The ball as the sender believes it is, relative to the sender.',
    fields: [
      ['Position2', 'position'],
      ['repeated float', 'covariance', '2×2 covariance of the position, column-major.'],
      ['Position2', 'velocity'],
      ['optional uint32', 'age', 'How long ago the ball was last seen (ms); absent when never.'],
    ],
  },
  {
    message: 'WalkCommand',
    comment: 'The velocity the sender currently walks with: x, y in mm/s, theta in rad/s.',
    fields: [['Pose2', 'velocity']],
  },
  {
    message: 'Extension',
    comment: 'Something only one team understands, by name.',
    fields: [
      ['string', 'name'],
      ['bytes', 'data'],
    ],
  },
  {
    message: 'StandardMessage',
    comment: 'The message.',
    fields: [
      ['uint32', 'team_id'],
      ['uint32', 'player_id'],
      ['uint32', 'timestamp', "Send time on the sender's clock (ms)."],
      ['RobotState', 'state'],
      ['FieldPose', 'field_pose'],
      ['Ball', 'ball'],
      ['WalkCommand', 'walk_command'],
      ['optional Position2', 'kick_target', 'Where the sender intends to kick the ball, on the field (mm).'],
      ['repeated Extension', 'extensions', undefined, 15],
    ],
  },
];

/** The lines of one block, its comment first. */
function blockLines(block: Block): string[] {
  if ('enum' in block)
    return [`// ${block.comment}`, `enum ${block.enum} {`, ...block.values.map((v, i) => `  ${v} = ${i};`), '}'];
  const fields = block.fields.flatMap(([type, name, comment, id], i) => [
    ...(comment === undefined ? [] : [`  // ${comment}`]),
    `  ${type} ${name} = ${id ?? i + 1};`,
  ]);
  return [`// ${block.comment}`, `message ${block.message} {`, ...fields, '}'];
}

/** The proto3 text of `blocks` under `header`, as `standardMessage.proto` holds it. */
function protoText(header: readonly string[], blocks: readonly Block[]): string {
  const head = [
    ...header.map((line) => `// ${line}`),
    'syntax = "proto3";',
    '',
    `package ${STANDARD_MESSAGE_PACKAGE};`,
  ];
  return [head, ...blocks.map(blockLines)].map((lines) => lines.join('\n')).join('\n\n') + '\n';
}

/** The schema of the standard team message (proto3 text). */
export const STANDARD_MESSAGE_PROTO = protoText(HEADER, BLOCKS);
