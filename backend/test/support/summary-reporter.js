/**
 * A jest reporter that prints one line per test file and one for the run: `N passed, N failed`
 * (the line CI logs are searched for), beside the default reporter.
 */
export default class SummaryReporter {
  onTestResult(_test, result) {
    const file = result.testFilePath.replace(/^.*\/test\//, 'test/');
    console.log(`${file}: ${result.numPassingTests} passed, ${result.numFailingTests + (result.testExecError ? 1 : 0)} failed`);
  }

  onRunComplete(_contexts, results) {
    console.log(`${results.numPassedTests} passed, ${results.numFailedTests + results.numRuntimeErrorTestSuites} failed`);
  }
}
