/** Validation shared by the browser and the server; results are message keys, never text. */
export * from './types';
export * from './login';
export * from './mobile';
export * from './signup';
export * from './password';
export * from './rule-string';
