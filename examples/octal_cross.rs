//! Cross-checks the two methods of computing an octal game's nim-sequence
//! on a long prefix, and prints the last n with G(n) ≠ G(n + p) there:
//! `cargo run --release --example octal_cross -- 0.56 326800 144`
//! (about two minutes: the direct method is quadratic).
use nimcert::octal::{values::nim_sequence, Method, OctalCode};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(code), Some(n), Some(p)) = (args.first(), args.get(1), args.get(2)) else {
        eprintln!("usage: octal_cross CODE N P");
        std::process::exit(2);
    };
    let code = OctalCode::parse(code).expect("an octal code");
    let n: usize = n.parse().expect("a length");
    let p: usize = p.parse().expect("a period");
    let rare = nim_sequence(&code, Method::Rare, n);
    let direct = nim_sequence(&code, Method::Direct, n);
    match (0..n).find(|&i| rare[i] != direct[i]) {
        Some(i) => println!("{code}: the methods differ first at {i}"),
        None => println!("{code}: the methods agree on [0, {n})"),
    }
    let last = (0..n.saturating_sub(p))
        .rev()
        .find(|&i| direct[i] != direct[i + p]);
    println!(
        "{code}: last n < {} with G(n) != G(n + {p}): {last:?}",
        n.saturating_sub(p)
    );
}
