import { OutBinary } from '../binary/OutBinary';
import { expectEnd, payloadReader } from './payload';

/** Payload of idPlot: one value of plot `id` (the name without the `plot:` prefix). */
export interface PlotValue {
  id: string;
  value: number;
}

/** Encodes `string id, float value`. */
export function encodePlot(plot: PlotValue): Uint8Array {
  const out = new OutBinary(12 + plot.id.length);
  out.string(plot.id);
  out.float(plot.value);
  return out.toBytes();
}

/** Decodes an idPlot payload; throws StreamError on malformed input. */
export function decodePlot(payload: Uint8Array, baseOffset = 0): PlotValue {
  const inp = payloadReader(payload, baseOffset);
  const id = inp.string();
  const value = inp.float();
  expectEnd(inp, 'plot');
  return { id, value };
}
