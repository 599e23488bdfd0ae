declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}
/** Set at build time (COVE_BUILD_LABEL) so a release can be told apart in the page. */
declare const __COVE_BUILD_LABEL__: string;
