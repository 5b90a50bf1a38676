/**
 * @file Plot views: `vp` (add or rescale a view) and `vpd` (add or remove a layer), formats §1.4 and §5.3. A layer
 * switches `plot:<id>` on; removing the last layer of a plot switches it off again.
 */
import { RequestPrefixes } from '@robot-runtime/protocol/debugMessages/requestNames';
import { defaultPlotDescription, parsePlotColor, PLOT_COLORS } from '../state/PlotStore';
import { matches } from './debugRequest';
import { CommandError, CommandSyntaxError, type RobotCommand } from './types';

const VP_USAGE = 'vp <name> <numOfValues> <minValue> <maxValue> [<yUnit> [<xUnit> [<xScale>]]]';
const VPD_USAGE = 'vpd ? [<pattern>] | <view> (? [<pattern>] | <plot> (? [<pattern>] | <color> [<description>] | off))';

/** `vp`: adds a plot view or changes its scaling. */
export const vpCommand: RobotCommand = {
  name: 'vp',
  scope: 'robot',
  usage: VP_USAGE,
  summary: 'Add or update a plot view.',
  forable: true,
  run(args, ctx) {
    const name = args.next();
    const numbers = [args.next(), args.next(), args.next()].map(Number);
    const [numOfValues, minValue, maxValue] = numbers as [number, number, number];
    const yUnit = args.next() ?? '';
    const xUnit = args.next() ?? '';
    const xScaleText = args.next();
    if (name === undefined || numbers.some((n) => !Number.isFinite(n)) || !args.done)
      throw new CommandSyntaxError(VP_USAGE);
    if (!Number.isInteger(numOfValues) || numOfValues < 2)
      throw new CommandError('Error: numOfValues must be an integer of at least 2');
    if (!(minValue < maxValue)) throw new CommandError('Error: minValue must be less than maxValue');
    let xScale = xScaleText === undefined ? 1 : Number(xScaleText);
    if (!Number.isFinite(xScale)) throw new CommandSyntaxError(VP_USAGE);
    if (xScale === 0) xScale = 1;
    ctx.console.model.plots.setView(name, { numOfValues, minValue, maxValue, yUnit, xUnit, xScale });
    return 'done';
  },
};

/** `vpd`: lists views, plots and colours, adds a layer or removes one. */
export const vpdCommand: RobotCommand = {
  name: 'vpd',
  scope: 'robot',
  usage: VPD_USAGE,
  summary: 'Add or remove a plot layer (sends dr plot:<plot>).',
  args: {
    args: [
      ['?', { names: 'views' }],
      ['?', { names: 'plots' }],
      ['?', 'off', ...Object.keys(PLOT_COLORS)],
    ],
  },
  forable: false,
  run(args, ctx) {
    const { console } = ctx;
    const plots = console.model.plots;
    const first = args.next();
    if (first === undefined) throw new CommandSyntaxError(VPD_USAGE);
    if (first === '?') {
      const pattern = args.next();
      if (!args.done) throw new CommandSyntaxError(VPD_USAGE);
      const names = plots
        .allViews()
        .map((v) => v.name)
        .filter((n) => matches(n, pattern));
      console.print(names.length > 0 ? names.join('\n') : 'No plot views.');
      return 'done';
    }
    const view = plots.view(first);
    if (!view) throw new CommandError(`Unknown plot view: ${first} (add it with vp)`);
    const plotId = args.next();
    if (plotId === undefined) throw new CommandSyntaxError(VPD_USAGE);
    if (console.need('requests') === 'wait') return 'wait';
    const known = console.model.requests.withPrefix(RequestPrefixes.plot);
    if (plotId === '?') {
      const pattern = args.next();
      if (!args.done) throw new CommandSyntaxError(VPD_USAGE);
      const ids = known.map((k) => k.key).filter((k) => matches(k, pattern));
      console.print(ids.length > 0 ? ids.join('\n') : 'No plots.');
      return 'done';
    }
    const request = console.model.requests.get(RequestPrefixes.plot + plotId);
    if (!request) throw new CommandError(`Unknown plot: ${plotId}`);
    const what = args.next();
    if (what === undefined) throw new CommandSyntaxError(VPD_USAGE);
    if (what === '?') {
      const pattern = args.next();
      if (!args.done) throw new CommandSyntaxError(VPD_USAGE);
      console.print(
        Object.keys(PLOT_COLORS)
          .filter((c) => matches(c, pattern))
          .join('\n'),
      );
      return 'done';
    }
    if (what === 'off') {
      if (!args.done) throw new CommandSyntaxError(VPD_USAGE);
      const removed = view.layers.filter((l) => l.plotId === plotId);
      view.layers.splice(0, view.layers.length, ...view.layers.filter((l) => l.plotId !== plotId));
      for (const layer of removed)
        if (!plots.isPlotted(plotId, layer.thread)) console.switchRequest(request.translated, false, [layer.thread]);
      return 'done';
    }
    const color = parsePlotColor(what);
    if (!color) throw new CommandError(`Unknown color: ${what} (use a name from 'vpd ${first} ${plotId} ?' or RRGGBB)`);
    const rest = args.rest().map((t) => t.text);
    const description = rest.length > 0 ? rest.join(' ') : defaultPlotDescription(plotId);
    const threads = request.threads;
    for (const thread of threads) {
      const existing = view.layers.find((l) => l.plotId === plotId && l.thread === thread);
      const text = threads.length > 1 ? `${description} (${thread})` : description;
      if (existing) {
        existing.color = color;
        existing.description = text;
      } else view.layers.push({ plotId, thread, color, description: text });
    }
    console.switchRequest(request.translated, true);
    return 'done';
  },
};
