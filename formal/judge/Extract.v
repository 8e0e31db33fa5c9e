(* The judge's verified core, extracted to OCaml (issue 24, docs/FORMAL.md).
   Only the checkers proved sound in Nimcert.Judge are extracted, with the
   arithmetic the reader needs to turn decimal digits into binary numbers.
   Numbers stay Coq's binary N (constructors N0, Npos of XI/XO/XH): no
   machine integer is substituted for them. ExtrOcamlBasic maps bool,
   option, list and pairs to OCaml's own types of the same shape. *)
From Coq Require Import Extraction ExtrOcamlBasic NArith.
From Coq Require Import ZArith.
From Nimcert Require Import Judge Certificate.
From Nimcert Require AvoidanceJudge Refute.
From Nimcert Require Hole.
From Nimcert Require Import OctalCheck.
From Nimcert Require FamilyJudge.

(* acc * 10 + d: the reader's only arithmetic. *)
Definition decimal_step (acc d : N) : N := (acc * 10 + d)%N.

(* Numbers of the certificate format are u64 (nimcheck refuses more). *)
Definition below_u64 (n : N) : bool := (n <? u64_limit)%N.

Extraction Language OCaml.
(* A PSet claim: PSetFast.check_psetN on binary numbers, without a bound
   (Certificate.check_psetN_cert, proved by check_psetN_cert_sound); its
   list walks are folds and tail calls, so the extracted code runs in
   constant stack on lists of 10^6 elements. *)
Definition pset_judge (moves : list N) (period : N) (block : list N)
    (cover witnesses : list (N * N)) : bool :=
  check_psetN_cert {| p_moves := moves; p_period := period; p_block := block;
                      p_cover := cover; p_period_witnesses := witnesses |}.

(* Avoidance claims (AvoidanceJudge.v, each verdict proved sound there):
   their numbers are [nat]s, unary, so the reader converts only numbers
   below 2^16 ([None] above: the claim is skipped, never accepted), and an
   affine point's coordinates are integers, [signed]. *)
Definition small_nat (n : N) : option nat :=
  if (n <? 65536)%N then Some (N.to_nat n) else None.

Definition signed (negative : bool) (n : N) : Z :=
  if negative then Z.opp (Z.of_N n) else Z.of_N n.

(* An Octal claim (values given) or an OctalPeriodic one (values [None]):
   OctalCheck.check_octal_cert, proved by check_octal_cert_sound. 0:
   accepted; 1: rejected; 3: L = j(q + p) + t + 1 over the checker's bound
   (4,096, or 1,024 with three-heap splits), which it would refuse without
   a decision: not judged. *)
Definition octal_judge (code : list nat) (q p : N) (values : option (list N))
    (witnesses : list (N * N)) (qw : option N) (sparse : option (N * option N)) : nat :=
  let c := {| o_code := code; o_preperiod := q; o_period := p; o_values := values;
              o_period_witnesses := witnesses; o_preperiod_witness := qw;
              o_sparse := sparse |} in
  if octal_within_bound c then (if check_octal_cert c then 0 else 1) else 3.

(* Family and PrePeriodicFamily claims (FamilyJudge.v, each verdict
   proved sound there, for every k >= k0): numbers are [nat]s, unary, as
   in the exported Coq files (the reader converts only numbers below 2^16,
   [small_nat]); a block's offset and q's and p's offsets are [Z]s,
   [signed]. *)

(* A Periodic claim with the hint H (issue 39): Hole.hole_verdict, 0
   accepted (hole_verdict_accepts), 1 proved false (hole_verdict_refutes),
   2 the moves are not [1, 2H] \ {H} (the hint is ignored), 3 a witness
   does not hold (not accepted). *)
Extraction "judge_core.ml" check_periodic check_sequenceN pset_judge decimal_step below_u64
  small_nat signed octal_judge Refute.refutes
  AvoidanceJudge.tree_vertices_verdict AvoidanceJudge.tree_edges_verdict
  AvoidanceJudge.closure_verdict AvoidanceJudge.affine_verdict
  Hole.hole_verdict
  FamilyJudge.family_tail_verdict FamilyJudge.family_base_verdict
  FamilyJudge.preperiodic_verdict.
