fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let t = std::time::Instant::now();
    let n = amanda_opt::syntax::lexer::TokenStream::new(&text).count();
    println!("{} tokens lexed in {:?}", n, t.elapsed());
    let t = std::time::Instant::now();
    let m = amanda_opt::syntax::parse_module(&text).unwrap();
    println!("parsed in {:?}", t.elapsed());
    let t = std::time::Instant::now();
    drop(m);
    println!("dropped in {:?}", t.elapsed());
}
