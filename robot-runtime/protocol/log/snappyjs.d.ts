// Types of the pure-JS Snappy codec (the package ships none); only what the log reader and writer use.
declare module 'snappyjs' {
  const snappy: {
    /** Decompresses one Snappy block; throws for a corrupt block or one longer than `maxLength`. */
    uncompress(compressed: Uint8Array, maxLength?: number): Uint8Array;
    /** Compresses bytes into one Snappy block. */
    compress(uncompressed: Uint8Array): Uint8Array;
  };
  export default snappy;
}
