"""A tfg graph of N Relu nodes in a chain (test-files/cli/progress.mlir)."""
import sys

n = int(sys.argv[1])
print("tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {")
print('  %x0, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<2xf32>)')
for i in range(1, n):
    print(f'  %x{i}, %c{i} = Relu(%x{i - 1}) name("r{i}") {{T = f32}} : (tensor<2xf32>) -> (tensor<2xf32>)')
print("}")
