//! Cross-checks the two methods of computing an octal game's nim-sequence
//! on a long prefix: `cargo run --release --example octal_cross -- 0.56 326800`.
use nimcert::octal::{values::nim_sequence, Method, OctalCode};
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = OctalCode::parse(&args[0]).expect("an octal code");
    let n: usize = args[1].parse().expect("a length");
    let rare = nim_sequence(&code, Method::Rare, n);
    let direct = nim_sequence(&code, Method::Direct, n);
    match (0..n).find(|&i| rare[i] != direct[i]) {
        Some(i) => println!("{code}: the methods differ first at {i}"),
        None => println!("{code}: the methods agree on [0, {n})"),
    }
    for p in [144usize] {
        let last = (0..n - p).rev().find(|&i| direct[i] != direct[i + p]);
        println!(
            "{code}: last n < {} with G(n) != G(n + {p}): {last:?}",
            n - p
        );
    }
}
