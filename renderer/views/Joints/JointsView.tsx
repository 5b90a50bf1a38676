/**
 * @file The joint view (`<robot>.jointData`, formats §4.2): request, sensor, load, temperature and stiffness per
 * joint. Opening it switches `representation:JointRequest` and `representation:JointSensorData` on. The table
 * takes the keyboard focus and scrolls with the arrow and page keys.
 */
import type { ReactNode } from 'react';
import { EmptyState, NoRobot, UnknownToRobot } from '../../components/EmptyState';
import { keyboardSurface } from '../../components/keyboard/focusables';
import '../../components/views.css';
import { useRobotNames, useStreamLatest, useViewRobot } from '../../data/hooks';
import type { ViewProps } from '../../services/viewContract';
import { jointRows } from './jointRows';
import { ViewTable } from '../../components/ViewTable';

/** The debug requests the view needs; a robot that announces neither can never fill it. */
const REQUESTS = ['representation:JointRequest', 'representation:JointSensorData'];

/** The joint view. */
export function JointsView({ params }: ViewProps): ReactNode {
  const robot = useViewRobot(params.robot);
  const requests = useStreamLatest(robot, 'value', 'JointRequest');
  const sensors = useStreamLatest(robot, 'value', 'JointSensorData');
  const names = useRobotNames(robot);
  if (robot === undefined) return <NoRobot />;
  const request = [...requests.values()][0]?.value;
  const sensor = [...sensors.values()][0]?.value;
  if (request === undefined && sensor === undefined) {
    // Names are known once the robot was polled; before that it may still announce them.
    if (names && names.debugRequests.length > 0 && !REQUESTS.some((r) => names.debugRequests.includes(r))) {
      return <UnknownToRobot robot={robot} what={<>JointRequest or JointSensorData</>} listCommand="dr ?" />;
    }
    return (
      <EmptyState>
        Waiting for JointRequest and JointSensorData from {robot} (the view asked for them; the Motion thread sends them
        while it runs).
      </EmptyState>
    );
  }
  return (
    <div className="robot-view" data-testid="joints-view">
      <div className="view-body" {...keyboardSurface(`Joints of ${robot}: arrows and PageUp/PageDown scroll`)}>
        <ViewTable testId="joints-table" columns={['Joint', 'Request', 'Sensor', 'Load', 'Temp', 'Stiffness']}>
          {jointRows(request, sensor).map((r) => (
            <tr key={r.joint}>
              <td>{r.joint}</td>
              <td>{r.request}</td>
              <td>{r.sensor}</td>
              <td>{r.load}</td>
              <td>{r.temperature}</td>
              <td>{r.stiffness}</td>
            </tr>
          ))}
        </ViewTable>
      </div>
    </div>
  );
}
