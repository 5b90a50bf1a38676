/**
 * @file A replayed game's team communication for the monitor: the team messages of the game recording are fed to
 * one TeamMonitor in sending order as the game clock reaches them, so the monitor shows at each game time what it
 * showed live, at any replay speed (up to the game clock's 128×): every message sent by then is fed, however many
 * fell into one tick. A seek back starts the monitor over and feeds the messages up to the new time again.
 */
import type { MonitoredGameControllerInfo } from '@app/ipc/teamMonitor';
import type { ContentCodec } from '@robot-runtime/protocol/teamMessage/contentCodec';
import { Penalty } from '@robot-runtime/protocol/gameController/gameControlData';
import type { GameSession } from '../../log/GameSession';
import type { RecordedTeamMessage } from '../../log/gameRecordingFormat';
import { TeamMonitor } from '../../network/TeamMonitor';
import { gameStateName } from '../../network/GameControllerListener';
import type { TrafficPart } from './SimulationTraffic';
import { robotInfo } from './toWire';

const PENALTY_NAMES = new Map(Object.entries(Penalty).map(([name, code]) => [code as number, name]));

/** Feeds a replayed game's team messages to a monitor on the game clock. */
export class ReplayTraffic {
  private game: GameSession | undefined;
  private monitor: TeamMonitor | undefined;
  private messages: readonly RecordedTeamMessage[] = [];
  private next = 0;
  private fedUpTo = -Infinity;

  /**
   * @param codec decodes B-Human-format payloads (teamMessage.def)
   * @param onFeed called with every message fed, in feeding order (tests check the order)
   */
  constructor(
    private readonly codec: ContentCodec | undefined,
    private readonly onFeed?: (message: RecordedTeamMessage) => void,
  ) {}

  /** Whether a game is being replayed into the monitor. */
  get active(): boolean {
    return this.game !== undefined && this.messages.length > 0;
  }

  /** Follows `game` from now on (nothing when undefined); the same game again changes nothing. */
  follow(game: GameSession | undefined): void {
    if (game === this.game) return;
    this.game = game;
    this.messages = [...(game?.recording?.teamMessages ?? [])].sort((a, b) => a.sentAt - b.sentAt);
    this.restart();
  }

  /** Feeds every message sent up to the game clock's time (all of them again after a seek back). */
  advance(): void {
    const game = this.game;
    if (!game || !this.monitor) return;
    const now = game.clock.time;
    if (now < this.fedUpTo) this.restart();
    const monitor = this.monitor!;
    while (this.next < this.messages.length && this.messages[this.next]!.sentAt <= now) {
      const m = this.messages[this.next++]!;
      monitor.feed(m.team, m.bytes, `replay:${m.sender}`, m.sentAt);
      this.onFeed?.(m);
    }
    this.fedUpTo = now;
  }

  /** The robots heard by the game time, as the monitor shows them. */
  part(): TrafficPart | undefined {
    const game = this.game;
    const monitor = this.monitor;
    if (!game || !monitor || !this.active) return undefined;
    this.advance();
    const now = game.clock.time;
    // The packet the GameController had sent by now: budgets, penalties, sides.
    const packets = game.recording?.packets ?? [];
    let packet = packets[0]?.data;
    for (const p of packets) {
      if (p.time > now) break;
      packet = p.data;
    }
    packet?.teams.forEach((t) => monitor.setBudget(t.teamNumber, t.messageBudget));
    const snapshot = monitor.snapshot(now);
    const names = new Map(this.messages.map((m) => [`${m.team}/${m.playerNumber}`, m.sender]));
    const robots = snapshot.robots.map((r) => {
      const index = packet?.teams.findIndex((t) => t.teamNumber === r.team) ?? -1;
      const penalty = index >= 0 ? packet!.teams[index]!.players[r.player - 1]?.penalty : undefined;
      return robotInfo(r, snapshot.at, {
        source: 'replay',
        name: names.get(`${r.team}/${r.player}`) ?? r.address,
        // Robots send in their team's frame (own goal at −x); the first team defends −x in the first half.
        mirrored: index >= 0 && (index === 1) === (packet?.firstHalf ?? true),
        ...(penalty !== undefined ? { penalty: PENALTY_NAMES.get(penalty) ?? `penalty${penalty}` } : {}),
        budgetRemaining: snapshot.budgets.find((b) => b.team === r.team)?.remaining,
      });
    });
    const teams = snapshot.budgets.map((b) => ({
      source: 'replay' as const,
      team: b.team,
      used: b.used,
      remaining: b.remaining,
    }));
    const gameControllers: MonitoredGameControllerInfo[] = packet
      ? [{ source: 'replay', protocol: 'spl', state: gameStateName('spl', packet.state) }]
      : [];
    return { robots, teams, violations: snapshot.violations, gameControllers };
  }

  private restart(): void {
    this.monitor = this.game ? new TeamMonitor({ codec: this.codec }) : undefined;
    this.next = 0;
    this.fedUpTo = -Infinity;
  }
}
