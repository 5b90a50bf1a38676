/** @file Team and monitor communication logic without I/O: budget, clock sync, peers, time-stamped data, fragments. */
export * from './messageBudget';
export * from './rbs';
export * from './PeerCatalog';
export * from './TimestampedStore';
export * from './fragments';
export { Fragmenter, type FragmenterOptions } from './Fragmenter';
export { Reassembler, type ReassemblerOptions, type ReassemblyStats } from './Reassembler';
