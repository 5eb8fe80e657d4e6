"tfg.func"() ({
^bb0:
  "tfg.return"() : () -> ()
}) {sym_name = "f"} : () -> ()
