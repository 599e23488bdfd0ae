export * from './users';
export * from './access-tokens';
export * from './provider-settings';
export * from './sign-in';
export * from './events';
export * from './ledger';
export * from './admin-actions';
