// RUN: %python -c "n = 1000; print(''.join('  ' * i + '\"foo.r\"() ({\n' for i in range(n)) + ''.join('  ' * i + '}) : () -> ()\n' for i in reversed(range(n))), end='')" > %t.regions
// RUN: %roundtrip %t.regions
// RUN: %amanda_opt --canonical %t.regions | FileCheck %s --check-prefix=REGIONS
// RUN: %python -c "print('\"foo.a\"() {a = ' + '[' * 1000 + ']' * 1000 + '} : () -> ()')" > %t.arrays
// RUN: %roundtrip %t.arrays
// RUN: %python -c "print('\"foo.a\"() {a = ' + '!foo.t<' * 1000 + '>' * 1000 + '} : () -> ()')" > %t.opaque
// RUN: %roundtrip %t.opaque

// Deep but reasonable nesting (1000 levels of regions, arrays, dialect type bodies) is
// accepted and prints back byte for byte.

// REGIONS-COUNT-1000: "foo.r"() ({
