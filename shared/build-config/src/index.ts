export { createConfig, type PartKind, type PartOptions } from './rspack-config';
export { sharedSingletons, singletonNames } from './shared-singletons';
export { SizeReportPlugin, packageOfModule, type SizeReport } from './size-report';
