/**
 * @file Data of the scene-level views for every robot of the session, simulated or remote: camera and debug
 * images on request (`pitchside:image.frame`) and the 3-D drawings, pushed to all renderers when they change.
 * It brings no robots of its own; it reads the consoles the other providers registered.
 */
import type { ConsoleProvider, ProviderHost } from '../../session/ConsoleProvider';
import type { RequestHandlers } from '../../session/requestHandlers';
import { collectDrawings3D } from './drawings3d';
import { ImageFrames } from './imageFrames';

/** 3-D drawing updates per second at most. */
const DRAWINGS_HZ = 15;

/** Serves images and 3-D drawings of all robots. */
export class SceneViewsProvider implements ConsoleProvider {
  /** The image view's channel. */
  readonly handlers = {
    'pitchside:image.frame': (request) => {
      const console = this.host?.controller.robotConsole(request.robot);
      if (!console) throw new Error(`No robot called ${request.robot}`);
      return this.images.frame(console, request);
    },
  } satisfies RequestHandlers;
  private host: ProviderHost | undefined;
  private readonly images = new ImageFrames();
  private lastDrawingsAt = 0;
  private lastDrawings = '[]';

  start(host: ProviderHost): void {
    this.host = host;
  }

  update(): void {
    const host = this.host;
    if (!host) return;
    const now = performance.now();
    if (now - this.lastDrawingsAt < 1000 / DRAWINGS_HZ) return;
    this.lastDrawingsAt = now;
    const drawings = collectDrawings3D(host.controller.allRobots);
    const text = JSON.stringify(drawings);
    if (text === this.lastDrawings) return;
    this.lastDrawings = text;
    host.broadcast('pitchside:scene.drawings3d', { drawings });
  }

  async dispose(): Promise<void> {}
}
