import { recordPayload, wire } from './recordPayload';

/** Payload of idPlot: one value of plot `id` (the name without the `plot:` prefix). */
export interface PlotValue {
  id: string;
  value: number;
}

const plot = recordPayload<PlotValue>('plot', { id: wire.string, value: wire.float });

/** Encodes `string id, float value`. */
export const encodePlot = plot.encode;

/** Decodes an idPlot payload; throws StreamError on malformed input. */
export const decodePlot = plot.decode;
