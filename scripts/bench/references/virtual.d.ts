/** The benchmarked screens, provided to the references at build time by scripts/bench/build.ts. */
declare module 'virtual:bench-screen/*' {
  const screen: import('#scripts/bench/screens.ts').BenchScreen;
  export default screen;
}
