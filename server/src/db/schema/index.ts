export * from './users';
export * from './access-tokens';
export * from './provider-settings';
