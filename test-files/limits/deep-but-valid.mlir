// RUN: %python -c "n = 1000; print(''.join('  ' * i + '\"foo.r\"() ({\n' for i in range(n)) + ''.join('  ' * i + '}) : () -> ()\n' for i in reversed(range(n))), end='')" > %t.regions
// RUN: %roundtrip %t.regions
// RUN: %amanda_opt --canonical %t.regions | FileCheck %s --check-prefix=REGIONS
// RUN: %python -c "print('\"foo.a\"() {a = ' + '[' * 1000 + ']' * 1000 + '} : () -> ()')" > %t.arrays
// RUN: %roundtrip %t.arrays
// RUN: %python -c "print('\"foo.a\"() {a = ' + '!foo.t<' * 1000 + '>' * 1000 + '} : () -> ()')" > %t.opaque
// RUN: %roundtrip %t.opaque
// RUN: %python -c "n = 1020; x = '\"foo.r\"() ({\n' * n + '}) : () -> ()\n' * n; print(x + '// -----\n' + x, end='')" > %t.split
// RUN: %amanda_opt --split-input-file %t.split | FileCheck %s --check-prefix=SPLIT

// Deep but reasonable nesting (1000 levels of regions, arrays, dialect type bodies) is
// accepted and prints back byte for byte; so is nesting just under the limit (2040 open
// brackets) in chunks of --split-input-file, which are parsed on rayon's worker threads.

// REGIONS-COUNT-1000: "foo.r"() ({

// SPLIT-COUNT-1020: "foo.r"() ({
// SPLIT: // -----
// SPLIT-COUNT-1020: "foo.r"() ({
