export * from './entities/user';
export * from './provider-config';
export * from './errors';
export * from './client-errors';
export * from './registry';
export * from './popups';
export * from './host';
