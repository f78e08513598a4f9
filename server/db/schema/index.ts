export * from './accounts';
export * from './company';
export * from './catalog';
export * from './trade';
export * from './site';
export * from './read-versions';
