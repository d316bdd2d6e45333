// TypeScript's checks and ESLint's typed rules on the same programs: each tsconfig is parsed, bound and checked
// once for both, instead of once by tsc and again by the linter (about a third of their CPU here). With
// `--types-only` (`npm run typecheck`), TypeScript's checks alone.
import { ESLint } from 'eslint';
import ts from 'typescript';

// In the order a file shared by two of them is linted: domain/ and machines/ under the root's rules, as the
// project service finds them.
const PROJECTS = ['tsconfig.json', 'web/tsconfig.json', 'web/src/service-worker/tsconfig.json'];

/** The program `tsc -p project` checks: the tsconfig's own options, nothing added. */
function programOf(project) {
  const config = ts.getParsedCommandLineOfConfigFile(
    project,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: fail },
  );
  return ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
  });
}
function fail(diagnostic) {
  throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

const programs = PROJECTS.map(programOf);

const diagnostics = programs.flatMap((program) => ts.getPreEmitDiagnostics(program));
const host = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};
if (diagnostics.length > 0) process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));

if (process.argv.includes('--types-only')) process.exit(diagnostics.length > 0 ? 1 : 0);

const eslint = new ESLint({
  overrideConfig: {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: false, programs } },
  },
});
const results = await eslint.lintFiles(['.']);
const problems = results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0);
if (problems > 0) process.stdout.write(await (await eslint.loadFormatter('stylish')).format(results));

console.log(`types: ${diagnostics.length} errors; lint: ${problems} problems`);
process.exitCode = diagnostics.length > 0 || problems > 0 ? 1 : 0;
