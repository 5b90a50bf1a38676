/**
 * @file The simulation's team traffic for the monitor: taps the simulated network (every packet that goes on the
 * air, after the GameController's budget check), feeds one TeamMonitor on simulated time, and follows the
 * provider's current simulation (a reset builds a new one, whose traffic starts from nothing).
 */
import { TeamMonitor } from '../../network/TeamMonitor';
import type { ContentCodec } from '@robot-runtime/protocol/teamMessage/contentCodec';
import { GameState, Penalty } from '@app/simulator/gameController/GameControllerData';
import type { Simulation } from '@app/simulator/simulation/Simulation';
import type { MonitoredGameControllerInfo, MonitoredRobotInfo, MonitoredTeamInfo } from '@app/ipc/teamMonitor';
import { gameStateName } from '../../network/GameControllerListener';
import { teamColor } from '../simulation/sceneDescription';
import { robotInfo } from './toWire';

const PENALTY_NAMES = new Map(Object.entries(Penalty).map(([name, code]) => [code as number, name]));

/** What the simulation contributes to a monitor frame. */
export interface TrafficPart {
  readonly robots: MonitoredRobotInfo[];
  readonly teams: MonitoredTeamInfo[];
  readonly violations: number;
  /** The GameController heard (the simulation's). */
  readonly gameControllers?: MonitoredGameControllerInfo[];
}

/** Monitors the team network of whichever simulation is current. */
export class SimulationTraffic {
  private sim: Simulation | undefined;
  private monitor: TeamMonitor | undefined;
  private untap: (() => void) | undefined;
  /** Names of the senders by `<team number>/<player number>`. */
  private names = new Map<string, string>();

  constructor(private readonly codec: ContentCodec | undefined) {}

  /** Whether a simulation is being monitored. */
  get active(): boolean {
    return this.sim !== undefined;
  }

  /** Monitors `sim` from now on (nothing when undefined); the same simulation again changes nothing. */
  follow(sim: Simulation | undefined): void {
    if (sim === this.sim) return;
    this.untap?.();
    this.untap = undefined;
    this.sim = sim;
    this.monitor = undefined;
    if (!sim) return;
    const monitor = new TeamMonitor({ codec: this.codec });
    this.monitor = monitor;
    this.names = new Map(
      sim.robots.map((r) => [`${sim.scene.teams[r.def.team].number}/${r.def.playerNumber}`, r.name]),
    );
    this.untap = sim.network.tap((from, team, bytes, now) => {
      monitor.feed(sim.scene.teams[team].number, bytes, `sim:${sim.robots[from]?.name ?? from}`, now);
    });
  }

  /** The robots and teams heard so far, at the simulation's current time. */
  part(): TrafficPart | undefined {
    const sim = this.sim;
    const monitor = this.monitor;
    if (!sim || !monitor) return undefined;
    const data = sim.gc.getData();
    const teamIndex = new Map(data.teams.map((t, i) => [t.teamNumber, i as 0 | 1]));
    data.teams.forEach((t) => monitor.setBudget(t.teamNumber, t.messageBudget));
    const snapshot = monitor.snapshot(sim.time);
    const colorOf = (index: 0 | 1, player: number): string => {
      const team = sim.scene.teams[index];
      return teamColor(player === 1 ? team.goalkeeperColor : team.fieldPlayerColor);
    };
    const robots = snapshot.robots.map((r) => {
      const index = teamIndex.get(r.team);
      const budget = snapshot.budgets.find((b) => b.team === r.team)?.remaining;
      if (index === undefined)
        return robotInfo(r, snapshot.at, {
          source: 'simulation',
          name: r.address,
          mirrored: false,
          budgetRemaining: budget,
        });
      const penalty = data.teams[index].players[r.player - 1]?.penalty;
      return robotInfo(r, snapshot.at, {
        source: 'simulation',
        name: this.names.get(`${r.team}/${r.player}`) ?? r.address,
        color: colorOf(index, r.player),
        // Robots send in their team's frame (own goal at −x); the monitor shows the scene's frame, as the 3-D view does.
        mirrored: index !== sim.gc.defendsNegativeX,
        ...(penalty !== undefined ? { penalty: PENALTY_NAMES.get(penalty) ?? `penalty${penalty}` } : {}),
        budgetRemaining: budget,
      });
    });
    const teams = snapshot.budgets.map((b) => {
      const index = teamIndex.get(b.team);
      return {
        source: 'simulation' as const,
        team: b.team,
        used: b.used,
        remaining: b.remaining,
        ...(index !== undefined ? { color: colorOf(index, 2) } : {}),
      };
    });
    // The state as the robots receive it: the SPL's standby goes out as initial in the HSL's packet.
    const protocol = sim.gc.protocol;
    const state = protocol === 'hsl' && data.state === GameState.standby ? GameState.initial : data.state;
    const gameControllers = [{ source: 'simulation' as const, protocol, state: gameStateName(protocol, state) }];
    return { robots, teams, violations: snapshot.violations, gameControllers };
  }

  /** Stops listening to the simulation. */
  dispose(): void {
    this.follow(undefined);
  }
}
