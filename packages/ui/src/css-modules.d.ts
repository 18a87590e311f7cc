/** CSS modules are compiled by rspack (css/auto, default export) and by vitest; both give a class map. */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
