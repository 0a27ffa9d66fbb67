export * from './reference';
export * from './identity';
export * from './organisations';
export * from './mail';
export * from './calculator';
export * from './corporations';
export * from './wallets';
export * from '../../modules/bills/bills.schema';
