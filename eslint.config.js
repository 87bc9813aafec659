// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Dependency arrows of docs/architecture.md §2: each folder may import only what is listed. */
const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
const src = (...dirs) =>
  dirs.map((d) => ({
    group: [`**/${d}/*`, `**/${d}/**`, `**/${d}/index.js`],
    message: `this folder must not import src/${d} (docs/architecture.md §2)`,
  }));

/** What no file under src/rules may import: the outer folders it must not reach, and I/O. */
const RULES_ARROWS = [
  ...src('collectors', 'simulator', 'report', 'tui', 'cli'),
  {
    group: ['node:fs', 'node:fs/*', 'node:net', 'node:http', 'node:https', 'fs', 'http', 'https'],
    message: 'rules do no I/O',
  },
];
/** The stage folders of src/rules, one per handoff of docs/architecture.md §1. */
const STAGE_DIRS = [
  'admission',
  'scheduling',
  'node',
  'volumes',
  'sandbox-network',
  'image-pull',
  'container-config',
  'init-containers',
  'container-start',
  'crash',
  'liveness',
  'readiness',
  'service-endpoints',
  'termination',
];
const rulesDirs = (dirs, message) => dirs.map((d) => ({ group: [`../${d}/*`, `**/rules/${d}/*`], message }));
/** The registry imports every stage: neither a stage, the engine nor shared/ may import it back. */
const REGISTRY = {
  group: ['../index.js', '**/rules/index.js'],
  message: 'only the cli and tests import the rule registry (rules/index.ts)',
};
/** Sub-folders of src/collectors that a collectors folder must not import. */
const collectorsPart = (...dirs) =>
  dirs.map((d) => ({
    group: [`**/${d}/*`, `**/${d}/**`],
    message: `this folder must not import ${d}/ (docs/architecture.md §2, src/collectors)`,
  }));
/** What every collector except live/ and simulator/ may not import. */
const collectorArrows = [
  ...src('rules', 'report', 'tui', 'cli', 'simulator'),
  { group: ['@kubernetes/client-node'], message: 'only src/collectors/live imports client-node' },
];
/** Each simulator floor may import only the floors below it (each row names the floors above). */
function simulatorFloors() {
  const outside = src('rules', 'collectors', 'report', 'tui', 'cli');
  const up = (...names) =>
    names.map((n) => ({
      group: n.endsWith('.js') ? [`**/${n}`] : [`**/${n}/*`, `**/${n}/**`],
      message: `a lower floor of the simulator must not import ${n} (break the circle with a type below, or a callback)`,
    }));
  // Tests may join floors (a kubelet test runs a whole simulation); the code may not.
  const floor = (files, above) => ({
    ...restrict(files, [...outside, ...up(...above)]),
    ignores: ['**/*.test.ts'],
  });
  return [
    floor(
      ['src/simulator/scenario/**'],
      ['world', 'api', 'controllers', 'http', 'generate', 'bootstrap.js', 'simulation.js'],
    ),
    floor(
      ['src/simulator/world/**'],
      ['api', 'controllers', 'http', 'generate', 'bootstrap.js', 'simulation.js'],
    ),
    floor(['src/simulator/api/**'], ['controllers', 'http', 'generate', 'bootstrap.js', 'simulation.js']),
    floor(['src/simulator/bootstrap.ts'], ['controllers', 'http', 'generate', 'simulation.js']),
    floor(['src/simulator/controllers/**'], ['http', 'generate', 'simulation.js']),
    floor(['src/simulator/simulation.ts'], ['http', 'generate']),
    floor(['src/simulator/generate/**'], ['api', 'controllers', 'http', 'bootstrap.js', 'simulation.js']),
  ];
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'bin/**',
      'bench/**/*.js',
      'test/fixtures/**',
      // StrykerJS's sandboxes and reports (npm run test:mutation).
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unnecessary-condition': 'off',
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  restrict(
    ['src/model/**'],
    src('errors', 'k8s', 'collectors', 'rules', 'report', 'tui', 'cli', 'simulator'),
  ),
  restrict(
    ['src/errors/**'],
    src('model', 'k8s', 'collectors', 'rules', 'report', 'tui', 'cli', 'simulator'),
  ),
  restrict(['src/k8s/**'], src('errors', 'collectors', 'rules', 'report', 'tui', 'cli', 'simulator')),
  restrict(['src/rules/**'], RULES_ARROWS),
  // Arrows inside src/rules (docs/architecture.md §2). Each block repeats RULES_ARROWS: a later block that
  // sets no-restricted-imports replaces the earlier options instead of adding to them.
  ...STAGE_DIRS.map((stage) =>
    restrict(
      [`src/rules/${stage}/**`],
      [
        ...RULES_ARROWS,
        ...rulesDirs(
          STAGE_DIRS.filter((s) => s !== stage),
          'a stage never imports another stage: move what both need to rules/shared',
        ),
        ...rulesDirs(['engine'], 'a stage reads its context through rules/types.ts, never the engine'),
        REGISTRY,
      ],
    ),
  ),
  restrict(
    ['src/rules/engine/**'],
    [
      ...RULES_ARROWS,
      ...rulesDirs(STAGE_DIRS, 'the engine gets its rules in EngineOptions, never from a stage folder'),
      REGISTRY,
    ],
  ),
  restrict(
    ['src/rules/shared/**'],
    [
      ...RULES_ARROWS,
      ...rulesDirs(
        [...STAGE_DIRS, 'engine'],
        'rules/shared serves the stages and the engine and imports neither',
      ),
      REGISTRY,
    ],
  ),
  restrict(['src/collectors/**'], src('rules', 'report', 'tui', 'cli', 'simulator')),
  restrict(['src/simulator/**'], src('rules', 'collectors', 'report', 'tui', 'cli')),
  // Floors inside the simulator, from the ground up: scenario (the format), world (state),
  // api (the API server), bootstrap, controllers, simulation, http; generate beside them.
  ...simulatorFloors(),
  // Preflight runs the simulator's admission and scheduler against a cluster's state; the CLI
  // hands it that state and joins it with the rules and the report.
  restrict(['src/preflight/**'], src('collectors', 'rules', 'report', 'tui', 'cli')),
  restrict(['src/report/**'], src('collectors', 'simulator', 'tui', 'cli')),
  restrict(
    ['src/tui/**'],
    [
      ...src('collectors', 'simulator', 'cli'),
      { group: ['node:fs', 'node:net', 'fs'], message: 'the TUI does no I/O' },
    ],
  ),
  {
    files: ['src/collectors/**'],
    ignores: ['src/collectors/live/**', 'src/collectors/simulator/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: collectorArrows }] },
  },
  // Inside collectors: files/ reads user files and hands text to normalize/ and paste/; paste/
  // never reads files; normalize/ reads neither. Inside paste/: common/ under everything, lines/
  // the floor under the block parsers, get/ may use lines/, describe/ stands alone.
  restrict(['src/collectors/paste/**'], [...collectorArrows, ...collectorsPart('files')]),
  restrict(
    ['src/collectors/paste/common/**'],
    [...collectorArrows, ...collectorsPart('files', 'describe', 'get', 'lines')],
  ),
  restrict(
    ['src/collectors/paste/lines/**'],
    [...collectorArrows, ...collectorsPart('files', 'describe', 'get')],
  ),
  restrict(['src/collectors/paste/get/**'], [...collectorArrows, ...collectorsPart('files', 'describe')]),
  restrict(
    ['src/collectors/paste/describe/**'],
    [...collectorArrows, ...collectorsPart('files', 'get', 'lines')],
  ),
  restrict(['src/collectors/normalize/**'], [...collectorArrows, ...collectorsPart('files', 'paste')]),
  // The simulator as a collector: the one place in collectors that imports src/simulator.
  restrict(
    ['src/collectors/simulator/**'],
    [
      ...src('rules', 'report', 'tui', 'cli'),
      ...collectorsPart('files', 'paste', 'live'),
      { group: ['@kubernetes/client-node'], message: 'only src/collectors/live imports client-node' },
    ],
  ),
  // Time: only the clock module and the CLI read the wall clock; everything else is handed a
  // Clock or a time, so that tests, replays and the simulator decide what "now" is.
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/cli/**', 'src/k8s/clock.ts', '**/*.test.ts', '**/*.test.tsx', '**/*-test-helpers.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'take a Clock (src/k8s/clock.ts) from the caller instead of reading the wall clock',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'take a Clock (src/k8s/clock.ts) from the caller instead of reading the wall clock',
        },
      ],
    },
  },
);
