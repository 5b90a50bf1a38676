import { defineClass, defineEnum, field, t, type ValueOf } from '../../protocol/types';

/** Jersey colours, in the GameController's order (TEAM_BLUE = 0 … TEAM_GRAY = 9). */
export const TeamColor = defineEnum('Settings::TeamColor', ['blue', 'red', 'yellow', 'black', 'white', 'green', 'orange', 'purple', 'brown', 'gray'] as const);

/** settings.cfg: who the robot is and which configuration it uses (formats §6.3). */
export const SettingsType = defineClass('Settings', {
  teamNumber: field(t.int32, 'Team number given by the league.', 5),
  fieldPlayerColor: field(TeamColor, 'Jersey colour of the field players.', TeamColor.black),
  goalkeeperColor: field(TeamColor, 'Jersey colour of the goalkeeper.', TeamColor.purple),
  playerNumber: field(t.int32, 'Player number of this robot (1..20).', 1),
  location: field(t.string, 'Subfolder of Locations/ with field- or venue-specific configuration.', 'Default'),
  scenario: field(t.string, 'Subfolder of Scenarios/ with task-specific configuration.', 'Default'),
  magicNumber: field(t.uint8, 'Team communication accepts only messages carrying the same number (0..255, an unsigned char as in B-Human).', 0),
});
export type Settings = ValueOf<typeof SettingsType>;
