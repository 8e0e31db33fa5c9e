use nimcert::octal::{period::*, values::nim_sequence, Method, OctalCode};
fn main() {
    let mut args = std::env::args().skip(1);
    let max: u64 = args.next().unwrap().parse().unwrap();
    let method = match args.next().unwrap().as_str() {
        "direct" => Method::Direct,
        _ => Method::Rare,
    };
    for c in args {
        let code = OctalCode::parse(&c).unwrap();
        let t = std::time::Instant::now();
        match solve(&code, method, max, u64::MAX) {
            OctalOutcome::Periodic(s) => {
                println!("{c}: q={} p={} ({:?})", s.preperiod, s.period, t.elapsed())
            }
            other => {
                let v = nim_sequence(&code, Method::Direct, 200);
                println!("{c}: {other:?} ({:?}) {:?}", t.elapsed(), &v[..]);
            }
        }
    }
}
