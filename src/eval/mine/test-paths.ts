import picomatch from 'picomatch';

/**
 * Test files by the conventions of the languages keybug knows: a test's lines a fix changes are
 * the test's, not the bug's, so mining leaves them out unless asked (--include-tests).
 */
const TEST_GLOBS = [
  '**/{test,tests,__tests__,testing,testdata,spec,specs}/**',
  '**/*_test.{go,c,cc,cpp,cxx,h,hpp,rs,py}',
  '**/{test_*,*_test,conftest}.py',
  '**/*.{test,spec}.{js,jsx,mjs,cjs,ts,tsx,mts,cts}',
  '**/*{Test,Tests,IT}.java',
  '**/*{_unittest,_tests,-test}.{c,cc,cpp,cxx}',
];

export const isTestPath: (file: string) => boolean = picomatch(TEST_GLOBS, { dot: true });
