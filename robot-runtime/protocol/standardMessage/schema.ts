/**
 * @file The text of standardMessage.proto, kept as a string because the runtime's pure layers read no files. A
 * test checks that it equals the .proto file next to it, which is the copy other teams read.
 */

/** The schema of the standard team message (proto3). */
export const STANDARD_MESSAGE_PROTO = `// A team message every SPL team can read (after the NUbots proposal for a standard message): one message per
// UDP packet, field units mm, rad and ms as in the rest of the league's data. Teams add what only they
// understand as named extensions instead of new fields, so the common part stays stable.
syntax = "proto3";

package pitchside.spl;

// Whether the sender takes part in play.
enum RobotState {
  STATE_UNKNOWN = 0;
  STATE_UNPENALISED = 1;
  STATE_PENALISED = 2;
}

// x, y in mm and theta in rad.
message Pose2 {
  float x = 1;
  float y = 2;
  float theta = 3;
}

// A position in mm.
message Position2 {
  float x = 1;
  float y = 2;
}

// The sender's pose on the field (origin at the centre spot, x towards the opponent goal).
message FieldPose {
  Pose2 pose = 1;
  // 3×3 covariance of (x, y, theta), column-major.
  repeated float covariance = 2;
}

// The ball as the sender believes it is, relative to the sender.
message Ball {
  Position2 position = 1;
  // 2×2 covariance of the position, column-major.
  repeated float covariance = 2;
  Position2 velocity = 3;
  // How long ago the ball was last seen (ms); absent when never.
  optional uint32 age = 4;
}

// The velocity the sender currently walks with: x, y in mm/s, theta in rad/s.
message WalkCommand {
  Pose2 velocity = 1;
}

// Something only one team understands, by name.
message Extension {
  string name = 1;
  bytes data = 2;
}

// The message.
message StandardMessage {
  uint32 team_id = 1;
  uint32 player_id = 2;
  // Send time on the sender's clock (ms).
  uint32 timestamp = 3;
  RobotState state = 4;
  FieldPose field_pose = 5;
  Ball ball = 6;
  WalkCommand walk_command = 7;
  // Where the sender intends to kick the ball, on the field (mm).
  optional Position2 kick_target = 8;
  repeated Extension extensions = 15;
}
`;
