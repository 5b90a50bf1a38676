/**
 * @file Field and image views and their drawings: `vf`, `vfd`, `vi`, `vid` (formats §1.4). Adding a drawing to a
 * view switches its debug request on; removing it from the last view that shows it switches the request off, so
 * the robot only draws what someone looks at.
 */
import { RequestPrefixes, translateRequestName } from '@robot-runtime/protocol/debugMessages/requestNames';
import type { DeclaredDrawing } from '../state/DrawingStore';
import { PERMANENT_FIELD_DRAWINGS, type DrawingView } from '../state/ViewStore';
import { matches } from './debugRequest';
import { CommandError, CommandSyntaxError, type CommandContext, type CommandConsole, type RobotCommand } from './types';

const DRAWING_TYPES = { field: 'drawingOnField', image: 'drawingOnImage' } as const;

/** Switches the request of a declared drawing (robot spelling `debug drawing:<name>`). */
export function switchDrawing(console: CommandConsole, drawing: DeclaredDrawing, enable: boolean): void {
  const translated = translateRequestName(RequestPrefixes.drawing + drawing.original);
  if (console.model.requests.get(translated)) console.switchRequest(translated, enable);
  else console.sendDebugRequest(RequestPrefixes.drawing + drawing.original, enable); // declared, but missed by the poll
}

/** The declared drawings of a kind, by console name (first declaration wins; all threads share the name). */
export function declaredOfKind(console: CommandConsole, kind: DrawingView['kind']): Map<string, DeclaredDrawing> {
  const result = new Map<string, DeclaredDrawing>();
  for (const d of console.model.drawings.declared())
    if (d.type === DRAWING_TYPES[kind] && !result.has(d.name)) result.set(d.name, d);
  return result;
}

function viewsOfKind(console: CommandConsole, kind: DrawingView['kind']): DrawingView[] {
  return kind === 'field' ? console.model.views.fieldViews() : console.model.views.imageViews();
}

/** Removes `drawing` from `view`, switching its request off when no view of the kind shows it any more. */
export function removeFromView(
  console: CommandConsole,
  kind: DrawingView['kind'],
  view: DrawingView,
  name: string,
  declared: Map<string, DeclaredDrawing>,
): void {
  if (!console.model.views.removeDrawing(view, name)) return;
  const drawing = declared.get(name);
  if (drawing && !console.model.views.isShown(kind, name)) switchDrawing(console, drawing, false);
}

/** `vfd` and `vid` share their grammar; only the view kind and drawing type differ. */
function drawingCommand(name: 'vfd' | 'vid', kind: DrawingView['kind']): RobotCommand {
  const usage = `${name} ? [<pattern>] | off | (all | <view>) (? [<pattern>] | <drawing> [on | off])`;
  const drawings = kind === 'field' ? 'fieldDrawings' : 'imageDrawings';
  return {
    name,
    scope: 'robot',
    usage,
    summary: `Add or remove ${kind === 'image' ? 'an image drawing in an image' : 'a field drawing in a field'} view (sends dr debugDrawing:<drawing>).`,
    args: {
      args: [
        ['?', 'off', 'all', { names: 'views' }],
        ['?', { names: drawings }],
        ['on', 'off'],
      ],
    },
    forable: false,
    run(args, ctx: CommandContext) {
      const { console } = ctx;
      const first = args.next();
      if (first === undefined) throw new CommandSyntaxError(usage);
      if (first === '?') {
        const pattern = args.next();
        if (!args.done) throw new CommandSyntaxError(usage);
        const names = viewsOfKind(console, kind)
          .map((v) => v.name)
          .filter((n) => matches(n, pattern));
        console.print(names.length > 0 ? names.join('\n') : `No ${kind} views${pattern ? ` match '${pattern}'` : ''}.`);
        return 'done';
      }
      if (console.need('drawingManagers', 'requests') === 'wait') return 'wait';
      const declared = declaredOfKind(console, kind);
      if (first === 'off' && args.done) {
        for (const view of viewsOfKind(console, kind)) {
          for (const d of [...new Set(view.drawings)])
            if (kind === 'image' || !PERMANENT_FIELD_DRAWINGS.includes(d))
              removeFromView(console, kind, view, d, declared);
        }
        return 'done';
      }
      const views = first === 'all' ? viewsOfKind(console, kind) : [viewByName(console, kind, first)];
      const second = args.next();
      if (second === undefined) throw new CommandSyntaxError(usage);
      if (second === '?') {
        const pattern = args.next();
        if (!args.done) throw new CommandSyntaxError(usage);
        const names = [...declared.keys()].filter((n) => matches(n, pattern)).sort();
        console.print(
          names.length > 0
            ? names.join('\n')
            : `No ${DRAWING_TYPES[kind]} drawings${pattern ? ` match '${pattern}'` : ''}.`,
        );
        return 'done';
      }
      const state = args.next() ?? 'on';
      if ((state !== 'on' && state !== 'off') || !args.done) throw new CommandSyntaxError(usage);
      const drawing = declared.get(second);
      if (!drawing) throw new CommandError(`Unknown ${DRAWING_TYPES[kind]} drawing: ${second}`);
      if (state === 'off') {
        for (const view of views) removeFromView(console, kind, view, second, declared);
        return 'done';
      }
      // One request per drawing, however many views show it.
      const wasShown = console.model.views.isShown(kind, second);
      let added = false;
      for (const view of views) added = console.model.views.addDrawing(view, second) || added;
      if (added && !wasShown) switchDrawing(console, drawing, true);
      return 'done';
    },
  };
}

function viewByName(console: CommandConsole, kind: DrawingView['kind'], name: string): DrawingView {
  const view = kind === 'field' ? console.model.views.fieldView(name) : console.model.views.imageView(name);
  if (!view) throw new CommandError(`Unknown ${kind} view: ${name} (add it with ${kind === 'field' ? 'vf' : 'vi'})`);
  return view;
}

/** `vfd`: drawings of field views. */
export const vfdCommand = drawingCommand('vfd', 'field');
/** `vid`: drawings of image views. */
export const vidCommand = drawingCommand('vid', 'image');

/** `vf <name>`: adds a field view. */
export const vfCommand: RobotCommand = {
  name: 'vf',
  scope: 'robot',
  usage: 'vf <name>',
  summary: 'Add a field view.',
  forable: true,
  run(args, ctx) {
    const name = args.next();
    if (name === undefined || !args.done) throw new CommandSyntaxError('vf <name>');
    ctx.console.model.views.addFieldView(name);
    return 'done';
  },
};

const VI_USAGE = 'vi ? [<pattern>] | (<image> | none) [<name>] [gain <value>] [ddScale <value>]';
/** Camera images are representations; other images are debug images. */
const CAMERA_IMAGES = ['CameraImage', 'JPEGImage'];

/** Images the robot offers: camera images (streamable representations) and debug images, with their threads. */
function availableImages(console: CommandConsole): Map<string, { request: string; threads: string[] }> {
  const images = new Map<string, { request: string; threads: string[] }>();
  for (const image of CAMERA_IMAGES) {
    const request = console.model.requests.get(RequestPrefixes.representation + image);
    if (request) images.set(image, { request: request.translated, threads: request.threads });
  }
  for (const { key, request } of console.model.requests.withPrefix(translateRequestName(RequestPrefixes.debugImages))) {
    images.set(key, { request: request.translated, threads: request.threads });
  }
  return images;
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/** `vi`: adds an image view per thread and switches its image on. */
export const viCommand: RobotCommand = {
  name: 'vi',
  scope: 'robot',
  usage: VI_USAGE,
  summary: 'Add an image view (sends dr for the image).',
  args: {
    args: [
      ['?', 'none', 'CameraImage', 'JPEGImage'],
      [{ names: 'views' }, 'gain', 'ddScale'],
    ],
    repeat: true,
  },
  forable: true,
  run(args, ctx) {
    const { console } = ctx;
    const image = args.next();
    if (image === undefined) throw new CommandSyntaxError(VI_USAGE);
    if (console.need('requests') === 'wait') return 'wait';
    const images = availableImages(console);
    if (image === '?') {
      const pattern = args.next();
      if (!args.done) throw new CommandSyntaxError(VI_USAGE);
      const names = [...images.keys()].filter((n) => matches(n, pattern)).sort();
      console.print(names.length > 0 ? names.join('\n') : 'No images.');
      return 'done';
    }
    let name: string | undefined;
    let gain = 1;
    let ddScale = 1;
    while (!args.done) {
      const word = args.next()!;
      if (word === 'gain' || word === 'ddScale') {
        const value = Number(args.next());
        if (!Number.isFinite(value)) throw new CommandSyntaxError(VI_USAGE);
        if (word === 'gain') gain = value;
        else ddScale = value;
      } else if (name === undefined) name = word;
      else throw new CommandSyntaxError(VI_USAGE);
    }
    const available = image === 'none' ? undefined : images.get(image);
    if (image !== 'none' && !available)
      throw new CommandError(`Unknown image: ${image} (images: ${[...images.keys()].sort().join(', ') || 'none'})`);
    const threads = console.targetThreads(ctx, available ? available.threads : console.model.threads);
    for (const thread of threads) {
      const defaultName = CAMERA_IMAGES.includes(image) ? lowerFirst(thread) : `${image}${thread}`;
      const viewName = name === undefined ? defaultName : threads.length > 1 ? `${name}${thread}` : name;
      console.model.views.addImageView({ name: viewName, image, thread, gain, ddScale });
      if (available) console.switchRequest(available.request, true, [thread]);
    }
    return 'done';
  },
};
