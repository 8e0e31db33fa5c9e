use nimcert::octal::{Method, OctalCode, OctalSequence};
fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().unwrap().parse().unwrap();
    for c in args {
        let code = OctalCode::parse(&c).unwrap();
        for m in [Method::Rare, Method::Direct] {
            let t = std::time::Instant::now();
            let mut s = OctalSequence::new(&code, m);
            s.extend_to(n, u64::MAX);
            println!(
                "{c} {m:?}: {:?} work {} rare {} max {}",
                t.elapsed(),
                s.work(),
                s.rare_count(),
                s.values().iter().max().unwrap()
            );
        }
    }
}
