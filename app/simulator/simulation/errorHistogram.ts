/**
 * @file Distances (mm) counted in bins of fixed width, so that the median of hundreds of thousands of samples (a
 * localization error per Cognition frame of every robot of a half) costs a fixed amount of memory. Histograms of
 * several robots merge into one for the whole game's median.
 */

/** Width (mm) of one bin: a quantile is exact to this. */
const BIN_MM = 10;
/** Bins up to 20 m; larger values count in the last one. */
const BINS = 2000;

/** A histogram of non-negative distances in millimetres. */
export class ErrorHistogram {
  private readonly counts = new Uint32Array(BINS);
  /** Samples counted. */
  samples = 0;

  /** Counts one distance (mm); negative and non-finite values count as the largest bin's. */
  add(mm: number): void {
    const bin = mm >= 0 ? Math.min(BINS - 1, Math.floor(mm / BIN_MM)) : BINS - 1;
    this.counts[bin]!++;
    this.samples++;
  }

  /** Adds the counts of `other`. */
  merge(other: ErrorHistogram): void {
    for (let i = 0; i < BINS; i++) this.counts[i]! += other.counts[i]!;
    this.samples += other.samples;
  }

  /** The distance (mm, a bin's centre) below which the fraction `q` of the samples lies; undefined without any. */
  quantile(q: number): number | undefined {
    if (this.samples === 0) return undefined;
    const rank = Math.min(this.samples, Math.max(1, Math.ceil(q * this.samples)));
    let seen = 0;
    for (let i = 0; i < BINS; i++) {
      seen += this.counts[i]!;
      if (seen >= rank) return (i + 0.5) * BIN_MM;
    }
    return (BINS - 0.5) * BIN_MM;
  }

  /** The median distance (mm); undefined without samples. */
  median(): number | undefined {
    return this.quantile(0.5);
  }

  /** The samples of several histograms as one. */
  static merged(histograms: Iterable<ErrorHistogram>): ErrorHistogram {
    const all = new ErrorHistogram();
    for (const h of histograms) all.merge(h);
    return all;
  }
}
