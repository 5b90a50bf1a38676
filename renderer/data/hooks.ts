/**
 * @file React hooks over the data source. Canvas views use `useStreamListener` (no re-render per item: they keep
 * the latest item and paint on the next animation frame); table and tree views use `useStreamLatest`.
 */
import { useEffect, useRef, useState } from 'react';
import type { CompletionSet, RobotList, StreamKind } from '../../app/ipc/messages';
import type { ViewList } from '../../app/ipc/viewData';
import type { RobotSource, StreamItem } from './DataSource';
import { useDataSource } from './DataSourceContext';

/** The data source of `robot` (undefined while no robot is chosen); every view of a robot reads through it. */
export function useRobotSource(robot: string | undefined): RobotSource | undefined {
  const source = useDataSource();
  return robot === undefined ? undefined : source.robot(robot);
}

/** Calls `listener` for every item of a stream while mounted (the latest listener; no resubscription per render). */
export function useStreamListener<K extends StreamKind>(
  robot: string | undefined,
  stream: K,
  key: string | undefined,
  listener: (item: StreamItem<K>) => void,
): void {
  const source = useRobotSource(robot);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => source?.subscribe(stream, key, (item) => latest.current(item)), [source, stream, key]);
}

/** The latest item of a stream per thread/view (re-renders on each item; for views updating a few times a second). */
export function useStreamLatest<K extends StreamKind>(
  robot: string | undefined,
  stream: K,
  key: string | undefined,
): ReadonlyMap<string, StreamItem<K>> {
  const [items, setItems] = useState<ReadonlyMap<string, StreamItem<K>>>(new Map());
  useEffect(() => setItems(new Map()), [robot, stream, key]);
  useStreamListener(robot, stream, key, (item) => {
    const k = 'thread' in item ? item.thread : 'view' in item ? item.view : '';
    setItems((old) => new Map(old).set(k, item));
  });
  return items;
}

/** The robot list, kept current. */
export function useRobots(): RobotList {
  const source = useDataSource();
  const [list, setList] = useState(source.robots());
  useEffect(() => {
    setList(source.robots());
    return source.onRobots(setList);
  }, [source]);
  return list;
}

/** The views of every robot, kept current. */
export function useViewList(): ViewList {
  const source = useDataSource();
  const [list, setList] = useState(source.views());
  useEffect(() => {
    setList(source.views());
    return source.onViews(setList);
  }, [source]);
  return list;
}

/**
 * The robot a view shows: the one in its parameters, else the first selected robot, else the first robot
 * (views opened from the View menu follow the console's selection).
 */
export function useViewRobot(paramRobot: string | undefined): string | undefined {
  const list = useRobots();
  if (paramRobot !== undefined) return paramRobot;
  return list.selection[0] ?? list.robots[0]?.name;
}

/** The names `robot` announced, refreshed when its views change (polling brings new names). */
export function useRobotNames(robot: string | undefined): CompletionSet | undefined {
  const source = useRobotSource(robot);
  const views = useViewList();
  const [names, setNames] = useState<CompletionSet | undefined>(undefined);
  const viewsOfRobot = JSON.stringify(views.robots.find((r) => r.robot === robot) ?? null);
  useEffect(() => {
    if (source === undefined) return undefined;
    let live = true;
    source.names().then(
      (n) => live && setNames(n),
      () => live && setNames(undefined),
    );
    return () => {
      live = false;
    };
  }, [source, viewsOfRobot]);
  return names;
}
