%0 = "foo.ok"() : () -> i32

// -----
// expected-error@+1 {{this error is never produced}}
%1 = "foo.ok"() : () -> i32

// -----
"foo.use"(%nope) : (i32) -> ()
