// RUN: rm -rf %t && mkdir -p %t
// A missing shard.
// RUN: cp -r %S/keras_conv %t/shard
// RUN: rm %t/shard/variables/variables.data-00000-of-00001
// RUN: not %amanda_opt %t/shard --emit=graphdef -o %t/out 2>&1 | FileCheck %s --check-prefix=SHARD
// RUN: not test -e %t/out
// A corrupt index (one byte of a data block flipped).
// RUN: cp -r %S/keras_conv %t/index
// RUN: %python -c "import sys; p=sys.argv[1]; b=bytearray(open(p,'rb').read()); b[10]^=1; open(p,'wb').write(bytes(b))" %t/index/variables/variables.index
// RUN: not %amanda_opt %t/index -o %t/out 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: not test -e %t/out
// A truncated index.
// RUN: cp -r %S/keras_conv %t/short
// RUN: %python -c "import sys; p=sys.argv[1]; b=open(p,'rb').read(); open(p,'wb').write(b[:-7])" %t/short/variables/variables.index
// RUN: not %amanda_opt %t/short -o %t/out 2>&1 | FileCheck %s --check-prefix=SHORT
// Weights that do not match their crc32c (every byte of the shard flipped).
// RUN: cp -r %S/keras_conv %t/crc
// RUN: %python -c "import sys; p=sys.argv[1]; b=open(p,'rb').read(); open(p,'wb').write(bytes(x ^ 1 for x in b))" %t/crc/variables/variables.data-00000-of-00001
// RUN: not %amanda_opt %t/crc --emit=graphdef -o %t/out 2>&1 | FileCheck %s --check-prefix=CRC
// RUN: not test -e %t/out
// Signatures and tag sets that do not exist list those that do.
// RUN: not %amanda_opt %S/keras_conv --signature=predict -o %t/out 2>&1 | FileCheck %s --check-prefix=SIG
// RUN: not %amanda_opt %S/keras_conv --tags=serve,gpu -o %t/out 2>&1 | FileCheck %s --check-prefix=TAGS
// RUN: not test -e %t/out
// saved_model.pb given as a file.
// RUN: not %amanda_opt %S/keras_conv/saved_model.pb -o %t/out 2>&1 | FileCheck %s --check-prefix=FILE
// RUN: not %amanda_opt %S/keras_conv/saved_model.pb --emit=graphdef -o %t/out 2>&1 | FileCheck %s --check-prefix=FILE
// RUN: not test -e %t/out
// A folder that is not a SavedModel.
// RUN: not %amanda_opt %t -o %t/out 2>&1 | FileCheck %s --check-prefix=NOTSM

// SHARD: amanda-opt: error: {{.*}}shard/variables/variables.data-00000-of-00001: No such file or directory {{.*}}(shard 0 of checkpoint entry '{{.*}}VARIABLE_VALUE')
// INDEX: amanda-opt: error: {{.*}}index/variables/variables.index: corrupt checkpoint index: data block at offset 0: checksum mismatch
// SHORT: amanda-opt: error: {{.*}}short/variables/variables.index: corrupt checkpoint index: not a table: bad magic number
// CRC: amanda-opt: error: {{.*}}crc/variables/variables.data-00000-of-00001: entry '{{.*}}VARIABLE_VALUE': checksum mismatch (stored crc32c {{[0-9a-f]+}}, computed {{[0-9a-f]+}} over {{[0-9]+}} bytes at offset {{[0-9]+}})
// SIG: amanda-opt: error: {{.*}}keras_conv/saved_model.pb: no signature 'predict' in the MetaGraph tagged [serve]; it has: serve, serving_default (choose with --signature=NAME)
// TAGS: amanda-opt: error: {{.*}}keras_conv/saved_model.pb: no MetaGraph with tags [gpu, serve]; the SavedModel has [serve] (choose with --tags=a,b)
// FILE: amanda-opt: error: {{.*}}keras_conv/saved_model.pb: this is a SavedModel's saved_model.pb, not a GraphDef: pass its directory instead (amanda-opt {{.*}}keras_conv)
// NOTSM: amanda-opt: error: {{.*}}: not a SavedModel directory: no saved_model.pb
