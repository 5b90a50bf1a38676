export * from './packets';
export * from './PacketDecoder';
export * from './handshake';
export * from './idRenumbering';
