//! The two-move base game B = {a, b} (§2, Proposition 7, Remarks 8–9).
//!
//! With m = a + b and δ = b − a = ηa + ε (0 ≤ ε < a), Proposition 7 says
//! W0(B) = Z + mN with Z = { r ∈ [0, m) : r < b and ⌊r/a⌋ even }; Ferguson's
//! pairing (Lemma 10) puts the value-1 positions at Z + a, and the rest of
//! the circle is the gap set U of value-2 positions (Remark 9).

use std::ops::Range;

/// The base game B = {a, b} with 0 < a < b.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Base {
    /// The least move a.
    pub a: u64,
    /// The other move b.
    pub b: u64,
}

impl Base {
    /// B = {a, b}.
    ///
    /// # Panics
    /// Unless 0 < a < b.
    pub fn new(a: u64, b: u64) -> Self {
        assert!(0 < a && a < b, "a base needs 0 < a < b, got {{{a},{b}}}");
        Base { a, b }
    }

    /// m = a + b.
    pub fn m(&self) -> u64 {
        self.a + self.b
    }

    /// δ = b − a.
    pub fn delta(&self) -> u64 {
        self.b - self.a
    }

    /// η = ⌊δ/a⌋ (§2, before Prop. 7).
    pub fn eta(&self) -> u64 {
        self.delta() / self.a
    }

    /// ε = δ mod a = b mod a.
    pub fn eps(&self) -> u64 {
        self.delta() % self.a
    }

    /// Prop. 7: r ∈ Z ⟺ (r mod m) < b and ⌊(r mod m)/a⌋ is even. Any
    /// integer is read modulo m.
    pub fn in_z(&self, r: u64) -> bool {
        let r = r % self.m();
        r < self.b && (r / self.a).is_multiple_of(2)
    }

    /// Z = W0(B) mod m, increasing (Prop. 7).
    pub fn z(&self) -> Vec<u64> {
        (0..self.m()).filter(|&r| self.in_z(r)).collect()
    }

    /// x ∈ W0(B) = Z + mN (Prop. 7).
    pub fn in_w0(&self, x: u64) -> bool {
        self.in_z(x)
    }

    /// #(Z ∩ [0, x)) = a⌊x'/2a⌋ + min(a, x' mod 2a) with x' = min(x, b)
    /// (Z is the union of the even a-blocks below b); C_a(x) in the paper's
    /// notation for x ≤ b (Prop. 7, Theorem 31).
    pub fn count_z_below(&self, x: u64) -> u64 {
        let (a, x) = (self.a, x.min(self.b));
        a * (x / (2 * a)) + a.min(x % (2 * a))
    }

    /// N = C_a(b) = #Z = #(W0(B) ∩ [0, b)), counted.
    pub fn n(&self) -> u64 {
        self.count_z_below(self.b)
    }

    /// Prop. 7 as printed: N = C_a(b) = (η/2 + 1)a for η even,
    /// δ − (η − 1)a/2 for η odd.
    pub fn c_a_printed(&self) -> u64 {
        let (a, eta) = (self.a, self.eta());
        if eta % 2 == 0 {
            (eta / 2 + 1) * a
        } else {
            self.delta() - (eta - 1) * a / 2
        }
    }

    /// w_2(n) = w_B(n), the n-th element of W0(B) (Prop. 7):
    /// w_2(n) = m⌊n/N⌋ + j + a⌊j/a⌋ with j = n mod N (the j-th element of Z
    /// is j + a⌊j/a⌋, since Z is the even a-blocks).
    pub fn w2(&self, n: u64) -> u64 {
        let nn = self.n();
        let j = n % nn;
        self.m() * (n / nn) + j + self.a * (j / self.a)
    }

    /// G_B(x) by Prop. 7 and Ferguson's pairing (Lemma 10): 0 on Z, 1 on
    /// Z + a, 2 on the gap set U (Remark 9).
    pub fn value(&self, x: u64) -> u16 {
        if self.in_w0(x) {
            0
        } else if x >= self.a && self.in_w0(x - self.a) {
            1
        } else {
            2
        }
    }

    /// G_B on one base period [0, m).
    pub fn value_word(&self) -> Vec<u16> {
        (0..self.m()).map(|x| self.value(x)).collect()
    }

    /// Prop. 7 as printed, the outcome word of one base period with 0 for a
    /// P-position and 1 for an N-position:
    /// (0^a 1^a)^{(η+1)/2} 0^ε 1^a for η odd, (0^a 1^a)^{(η+2)/2} 1^ε for η even.
    pub fn outcome_word_printed(&self) -> Vec<u8> {
        let (a, eta, eps) = (self.a as usize, self.eta() as usize, self.eps() as usize);
        let pair = || std::iter::repeat_n(0, a).chain(std::iter::repeat_n(1, a));
        let mut word: Vec<u8> = Vec::new();
        if eta % 2 == 1 {
            (0..eta.div_ceil(2)).for_each(|_| word.extend(pair()));
            word.extend(std::iter::repeat_n(0, eps));
            word.extend(std::iter::repeat_n(1, a));
        } else {
            (0..(eta + 2) / 2).for_each(|_| word.extend(pair()));
            word.extend(std::iter::repeat_n(1, eps));
        }
        word
    }

    /// b is an odd multiple of a (the harmonic exception of Remark 8).
    pub fn is_odd_harmonic(&self) -> bool {
        self.b.is_multiple_of(self.a) && (self.b / self.a) % 2 == 1
    }

    /// b is an even multiple of a.
    pub fn is_even_harmonic(&self) -> bool {
        self.b.is_multiple_of(self.a) && (self.b / self.a).is_multiple_of(2)
    }

    /// Remark 8 as printed: the least period of W0(B) is 2a when b is an
    /// odd multiple of a, and a + b otherwise.
    pub fn least_period_printed(&self) -> u64 {
        if self.is_odd_harmonic() {
            2 * self.a
        } else {
            self.m()
        }
    }

    /// Remark 9 as printed: the gap set U = [(η + 2)a, a + b) for η even,
    /// [(η + 1)a + ε, (η + 2)a) for η odd.
    pub fn u_printed(&self) -> Range<u64> {
        let (a, eta, eps) = (self.a, self.eta(), self.eps());
        if eta % 2 == 0 {
            (eta + 2) * a..self.m()
        } else {
            (eta + 1) * a + eps..(eta + 2) * a
        }
    }

    /// U from its definition: the residues in neither Z nor Z + a.
    pub fn u_def(&self) -> Vec<u64> {
        let (a, m) = (self.a, self.m());
        (0..m)
            .filter(|&r| !self.in_z(r) && !self.in_z((r + m - a) % m))
            .collect()
    }

    /// D = [a, b) \ Z, the base gaps below b (§3, before Prop. 18).
    pub fn d_gaps(&self) -> Vec<u64> {
        (self.a..self.b).filter(|&u| !self.in_z(u)).collect()
    }

    /// Λ = [δ, b) \ Z (Lemma 22), from the definition.
    pub fn lambda_def(&self) -> Vec<u64> {
        (self.delta()..self.b).filter(|&w| !self.in_z(w)).collect()
    }

    /// Λ as printed (§3): [(η + 1)a, (η + 1)a + ε) for η even,
    /// [ηa + ε, (η + 1)a) for η odd.
    pub fn lambda_printed(&self) -> Range<u64> {
        let (a, eta, eps) = (self.a, self.eta(), self.eps());
        if eta % 2 == 0 {
            (eta + 1) * a..(eta + 1) * a + eps
        } else {
            eta * a + eps..(eta + 1) * a
        }
    }

    /// Lemma 22, second identity: Λ = { w : w ∉ Z, w + a ∉ Z } on the circle.
    pub fn lambda_pairs(&self) -> Vec<u64> {
        (0..self.m())
            .filter(|&w| !self.in_z(w) && !self.in_z(w + self.a))
            .collect()
    }
}
