// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Dependency arrows of DESIGN.md §2: each folder may import only what is listed. */
const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
const src = (...dirs) =>
  dirs.map((d) => ({
    group: [`**/${d}/*`, `**/${d}/**`, `**/${d}/index.js`],
    message: `this folder must not import src/${d} (DESIGN.md §2)`,
  }));

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
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'bin/**', 'bench/**/*.js', 'test/fixtures/**'] },
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
  restrict(
    ['src/rules/**'],
    [
      ...src('collectors', 'simulator', 'report', 'tui', 'cli'),
      {
        group: ['node:fs', 'node:fs/*', 'node:net', 'node:http', 'node:https', 'fs', 'http', 'https'],
        message: 'rules do no I/O',
      },
    ],
  ),
  restrict(['src/collectors/**'], src('rules', 'report', 'tui', 'cli', 'simulator')),
  restrict(['src/simulator/**'], src('rules', 'collectors', 'report', 'tui', 'cli')),
  // Floors inside the simulator, from the ground up: scenario (the format), world (state),
  // api (the API server), bootstrap, controllers, simulation, http; generate beside them.
  ...simulatorFloors(),
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
    ignores: ['src/collectors/live/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...src('rules', 'report', 'tui', 'cli', 'simulator'),
            { group: ['@kubernetes/client-node'], message: 'only src/collectors/live imports client-node' },
          ],
        },
      ],
    },
  },
);
