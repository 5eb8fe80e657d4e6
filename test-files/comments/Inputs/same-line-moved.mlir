%a, %ctl = "tfg.A"() : () -> (tensor<f32>, !tf_type.control) // after A
"foo.r"(%a,  // on the first line of an op written over two lines
        %a) : (tensor<f32>, tensor<f32>) -> ()
"foo.s"() ({
  "foo.t"() : () -> ()
}) : () -> () // after a closing `})`
"foo.z"() : () -> ()
