//! Prints the token stream the lexer hands the grammar, one token per line with its line
//! number: `cargo run -p rubra-parser --example tokens -- FILE` (a debugging aid for grammar work).

use rubra_parser::lexer::Lexer;

fn main() {
    let path = std::env::args().nth(1).expect("usage: tokens FILE");
    let src = std::fs::read_to_string(&path).expect("readable file");
    for t in Lexer::new(&src, &[]) {
        match t {
            Ok((l, tok, _)) => println!("{l:4} {tok:?}"),
            Err(e) => {
                println!("error: {}", e.message);
                break;
            }
        }
    }
}
