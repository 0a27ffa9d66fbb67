export * from './validation';
export * from './common';
export * from './identity';
export * from './organisations';
export * from './calculator';
export * from './corporations';
export * from './api';
export * from './reference';
