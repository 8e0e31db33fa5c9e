(* The judge's verified core, extracted to OCaml (issue 24, docs/FORMAL.md).
   Only the checkers proved sound in Nimcert.Judge are extracted, with the
   arithmetic the reader needs to turn decimal digits into binary numbers.
   Numbers stay Coq's binary N (constructors N0, Npos of XI/XO/XH): no
   machine integer is substituted for them. ExtrOcamlBasic maps bool,
   option, list and pairs to OCaml's own types of the same shape. *)
From Coq Require Import Extraction ExtrOcamlBasic NArith.
From Nimcert Require Import Judge Certificate.

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

Extraction "judge_core.ml" check_periodic check_sequenceN pset_judge decimal_step below_u64.
