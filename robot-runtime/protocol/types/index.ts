export * from './TypeRef';
export * from './define';
export * from './TypeRegistry';
export * from './mathTypes';
