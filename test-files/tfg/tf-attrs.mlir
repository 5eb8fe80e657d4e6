// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// The tf_type and tfg attributes: #tf_type.version (with bad_consumers), #tf_type.func with
// and without attributes, #tf_type.shape in each form (scalar, ranked, dynamic, unranked),
// #tf_type.placeholder, #tfg.region_attrs, #tf_type.full_type.

// CHECK:     module {
// CHECK-NEXT:  tfg.graph #tf_type.version<producer = 27, min_consumer = 12, bad_consumers = [3]> {
// CHECK-NEXT:    %ctl = Funcs {f0 = #tf_type.func<@then, {}>, f1 = #tf_type.func<@body, {T = f32, n = "x"}>, f2 = [#tf_type.func<@a, {}>, #tf_type.func<@b, {}>]}
// CHECK-NEXT:    %ctl_0 = Shapes {s0 = #tf_type.shape<>, s1 = #tf_type.shape<10x20x30>, s2 = #tf_type.shape<10x?x30>, s3 = #tf_type.shape<*>, s4 = #tf_type.shape<?>, s5 = #tf_type.shape<0>, s6 = [#tf_type.shape<>, #tf_type.shape<2>]}
// CHECK-NEXT:    %ctl_1 = Misc {p0 = #tf_type.placeholder<"FOO">, r0 = #tfg.region_attrs<{} [] [{}, {}]>, r1 = #tfg.region_attrs<{tf._a} [{tfg.name = "x"}] [{tf._r}]>}
// CHECK-NEXT:    %ctl_2 = Full {t0 = #tf_type.full_type<array<for_each<product, tensor<var "T">, var "T">>>, t1 = #tf_type.full_type<unset 0 : i64>}
// CHECK-NEXT:  }
// CHECK-NEXT:}

tfg.graph #tf_type.version<producer = 27, min_consumer = 12, bad_consumers = [3]> {
  %ctl = Funcs {f0 = #tf_type.func<@then, {}>, f1 = #tf_type.func<@body, {T = f32, n = "x"}>, f2 = [#tf_type.func<@a, {}>, #tf_type.func<@b, {}>]}
  %ctl_0 = Shapes {s0 = #tf_type.shape<>, s1 = #tf_type.shape<10x20x30>, s2 = #tf_type.shape<10x?x30>, s3 = #tf_type.shape<*>, s4 = #tf_type.shape<?>, s5 = #tf_type.shape<0>, s6 = [#tf_type.shape<>, #tf_type.shape<2>]}
  %ctl_1 = Misc {p0 = #tf_type.placeholder<"FOO">, r0 = #tfg.region_attrs<{} [] [{}, {}]>, r1 = #tfg.region_attrs<{tf._a} [{tfg.name = "x"}] [{tf._r}]>}
  %ctl_2 = Full {t0 = #tf_type.full_type<array<for_each<product, tensor<var "T">, var "T">>>, t1 = #tf_type.full_type<unset 0 : i64>}
}
