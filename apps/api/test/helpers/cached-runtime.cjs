// Jest runtime with V8 code caching: a module compiled in one test file is compiled from cached bytecode in the next.
// Jest gives each test file a fresh module registry, so every file re-parses and re-compiles the app's ~400 modules
// (a third of the API suite's CPU). The bytecode V8 produced for a module after its first file's run (lazy functions
// included) is kept in this worker's memory, keyed by file name and exact source, and handed to the next compile.
const path = require('node:path');
const vm = require('node:vm');

/** jest-runtime as jest itself loads it (a dependency of jest's, not of this package): jest → jest-cli → @jest/core → jest-runner → jest-runtime. */
const Runtime = require(
  ['jest-cli', '@jest/core', 'jest-runner', 'jest-runtime'].reduce(
    (from, name) => require.resolve(name, { paths: [path.dirname(from)] }),
    require.resolve('jest'),
  ),
).default;

/** filename → { source, data } (the transformed source the bytecode was made from, and the bytecode). */
const codeCache = new Map();

class CachedRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    const executor = this.executor;
    const compile = executor.compile.bind(executor);
    /** Scripts compiled without usable bytecode in this test file: their bytecode is taken at teardown. */
    this.uncached = [];
    executor.compile = (source, filename) => {
      const context = executor.environment.getVmContext();
      // dynamic import() needs jest's importModuleDynamically hook, which only its own compile path installs
      if (context == null || source.includes('import(')) return compile(source, filename);
      const params = executor.injectedModuleParameters.join(',');
      const known = codeCache.get(filename);
      const cachedData = known && known.source === source ? known.data : undefined;
      let script;
      try {
        script = new vm.Script(`(function (${params}) {${source}\n})`, { filename, cachedData });
      } catch {
        return compile(source, filename); // jest's own path reports syntax errors its way
      }
      if (!cachedData || script.cachedDataRejected) this.uncached.push({ filename, source, script });
      return script.runInContext(context);
    };
  }

  teardown() {
    for (const { filename, source, script } of this.uncached)
      codeCache.set(filename, { source, data: script.createCachedData() });
    this.uncached = [];
    super.teardown();
  }
}

module.exports = CachedRuntime;
module.exports.default = CachedRuntime;
