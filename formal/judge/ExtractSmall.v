(* The judge's Periodic checker on machine integers (issue 39,
   docs/FORMAL.md, "Machine integers"): JudgeSmall.check_periodic_small,
   extracted with Coq's binary N and positive as OCaml's native 63-bit int.
   A separate extraction from Extract.v (whose numbers stay Coq's binary N):
   only the checker below computes on int, and only on claims whose numbers
   are all below 2^40 (it tests that itself; the reader sends it only
   numbers of at most 12 digits and every other claim to the N checker).

   The directives are ExtrOcamlZInt's for N and positive, with the
   comparisons typed at int (OCaml's polymorphic compare would be called
   otherwise) and Stdlib in place of the deprecated Pervasives, and
   Pos.iter as a loop (Coq's recursion on the bits would build closures
   at every call on the encoded constructors). Each is
   exact on the ints that occur, all in [0, 2^42) (docs/FORMAL.md): the
   constructors xI p = 1 + 2p and xO p = 2p while 2p + 1 < 2^62, and the
   match on a positive by its parity (p / 2 and p mod 2) for p >= 1. *)
From Coq Require Import Extraction ExtrOcamlBasic NArith.
From Nimcert Require Import JudgeSmall JudgePacked.

Extract Inductive positive => int
[ "(fun p->1+2*p)" "(fun p->2*p)" "1" ]
"(fun f2p1 f2p f1 p ->
  if p<=1 then f1 () else if p mod 2 = 0 then f2p (p/2) else f2p1 (p/2))".

Extract Inductive N => int [ "0" "" ]
"(fun f0 fp n -> if n=0 then f0 () else fp n)".

Extract Constant Pos.add => "(fun (x:int) y -> x + y)".
Extract Constant Pos.succ => "(fun (x:int) -> x + 1)".
Extract Constant Pos.mul => "(fun (x:int) y -> x * y)".
Extract Constant Pos.compare =>
 "(fun (x:int) y -> if x=y then Eq else if x<y then Lt else Gt)".
Extract Constant Pos.compare_cont =>
 "(fun c (x:int) y -> if x=y then c else if x<y then Lt else Gt)".
Extract Constant Pos.eqb => "(fun (x:int) y -> x = y)".

Extract Constant N.add => "(fun (x:int) y -> x + y)".
Extract Constant N.succ => "(fun (x:int) -> x + 1)".
Extract Constant N.pred => "(fun (x:int) -> if x <= 0 then 0 else x - 1)".
Extract Constant N.sub => "(fun (x:int) y -> if x <= y then 0 else x - y)".
Extract Constant N.mul => "(fun (x:int) y -> x * y)".
Extract Constant N.max => "(fun (x:int) y -> if x < y then y else x)".
Extract Constant N.div => "(fun (a:int) b -> if b=0 then 0 else a/b)".
Extract Constant N.modulo => "(fun (a:int) b -> if b=0 then a else a mod b)".
Extract Constant N.compare =>
 "(fun (x:int) y -> if x=y then Eq else if x<y then Lt else Gt)".
Extract Constant N.eqb => "(fun (x:int) y -> x = y)".
Extract Constant N.ltb => "(fun (x:int) y -> x < y)".
Extract Constant N.leb => "(fun (x:int) y -> x <= y)".

(* Pos.iter f x n applies f n times (n >= 1): a loop. *)
Extract Constant Pos.iter =>
 "(fun f x n -> let rec loop k acc = if k <= 0 then acc else loop (k - 1) (f acc) in loop n x)".

(* acc * 10 + d: the reader's only arithmetic on this side (acc < 10^12). *)
Definition decimal_step_small (acc d : N) : N := (acc * 10 + d)%N.

Extraction Language OCaml.
Extraction Inline has3 lane_val lane_h lane_cnt lane_q.
Extraction "judge_small.ml" check_periodic_small check_periodic_packed decimal_step_small.
