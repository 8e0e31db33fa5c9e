(** * Certificates as written by [nimcert export coq]

    A certificate's numbers are binary ([N]), so that a large certificate
    is a small term; the checkers of [SequenceCheck] and [PSetCheck] work on
    [nat] ([PSetFast]'s on [N], [check_psetN_cert] below, without a
    bound).  The wrappers here convert, and decline (answer [false]) when a
    number the claim is about (a move, q + p, P, a value, a block element)
    is [bound] or more: unary numbers that large would be slow, and such a
    certificate is beyond what this checker decides.  Numbers that only
    the proof uses (witnesses, cover entries) are converted saturating at
    [bound], which cannot turn a failing witness into a passing one: see the
    comments.  Each wrapper's soundness is the checker's, because the
    statement is about the converted claim and the wrappers only add
    conditions. *)

From Coq Require Import List Arith Bool NArith Lia.
From Nimcert Require Import Mex Subtraction Period SequenceCheck PSetCheck.
From Nimcert Require PSetFast.
Import ListNotations.

Definition bound : N := 1048576. (* 2^20 *)

Definition small (n : N) : bool := (n <? bound)%N.

(** Saturating conversion: [n] below [bound], else [bound]. *)
Definition sat (n : N) : nat := N.to_nat (N.min n bound).

Definition nats (l : list N) : list nat := map N.to_nat l.

(** nimcheck's numbers are u64; a witness x with x + p/r >= 2^64 fails there. *)
Definition u64_limit : N := 18446744073709551616.

(** ** Sequence *)

Record sequence_cert := {
  s_moves : list N;
  s_preperiod : N;
  s_period : N;
  s_values : list N;
  s_period_witnesses : list (N * N);  (* (prime, position) *)
  s_preperiod_witness : option N;
}.

(** A witness position x >= q is read through the periodic extension, which
    is p-periodic from q: it may be replaced by q + (x - q) mod p (below
    q + p, so small) without changing the value at x or at x + p/r.  One
    below q stays below q (and fails the rule). *)
Definition reduce_position (q p x : N) : nat :=
  if (x <? q)%N then N.to_nat x else N.to_nat (q + N.modulo (x - q) p).

Definition sequence_within_bound (c : sequence_cert) : bool :=
  forallb small (s_moves c) && small (s_preperiod c + s_period c) &&
  forallb small (s_values c).

(** p = 0 is refused first, by an [if]: the virtual machine evaluates both
    arguments of [&&], and [reduce_position] with p = 0 would build the
    witness position (say 10^15) in unary. *)
Definition check_sequence_cert (c : sequence_cert) : bool :=
  let q := s_preperiod c in
  let p := s_period c in
  if (p =? 0)%N then false else
  sequence_within_bound c &&
  forallb (fun w => (snd w + N.div p (fst w) <? u64_limit)%N) (s_period_witnesses c) &&
  check_sequence (nats (s_moves c)) (N.to_nat q) (N.to_nat p) (nats (s_values c))
    (map (fun w => (sat (fst w), reduce_position q p (snd w))) (s_period_witnesses c))
    (option_map sat (s_preperiod_witness c)).

Theorem check_sequence_cert_sound c :
  check_sequence_cert c = true ->
  sequence_claim (nats (s_moves c)) (N.to_nat (s_preperiod c)) (N.to_nat (s_period c))
    (nats (s_values c)).
Proof.
  unfold check_sequence_cert. cbv zeta. intros H.
  destruct (s_period c =? 0)%N; [discriminate|].
  apply andb_true_iff in H as [_ H]. eapply check_sequence_sound, H.
Qed.

(** ** PSet *)

Record pset_cert := {
  p_moves : list N;
  p_period : N;
  p_block : list N;
  p_cover : list (N * N);             (* (residue, move) *)
  p_period_witnesses : list (N * N);  (* (prime, residue) *)
}.

Definition pset_within_bound (c : pset_cert) : bool :=
  forallb small (p_moves c) && small (p_period c) && forallb small (p_block c).

(** Saturation is harmless: a cover residue or witness residue of [bound]
    or more is not below P < [bound], and a cover move of [bound] or more
    is not a move; both fail, as in nimcheck. *)
Definition check_pset_cert (c : pset_cert) : bool :=
  pset_within_bound c &&
  check_pset (nats (p_moves c)) (N.to_nat (p_period c)) (nats (p_block c))
    (map (fun w => (sat (fst w), sat (snd w))) (p_cover c))
    (map (fun w => (sat (fst w), sat (snd w))) (p_period_witnesses c)).

Theorem check_pset_cert_sound c :
  check_pset_cert c = true ->
  pset_claim (nats (p_moves c)) (N.to_nat (p_period c)) (nats (p_block c)).
Proof.
  unfold check_pset_cert. intros H.
  apply andb_true_iff in H as [_ H]. eapply check_pset_sound, H.
Qed.

(** ** PSet on binary numbers, without a bound (issue 24)

    [check_psetN_cert] is [PSetFast.check_psetN] on the certificate's
    numbers as they are: no conversion, no bound.  [check_pset_cert] above
    (unary, below [bound]) is kept as issue 15's checker. *)
Definition check_psetN_cert (c : pset_cert) : bool :=
  PSetFast.check_psetN (p_moves c) (p_period c) (p_block c) (p_cover c) (p_period_witnesses c).

Theorem check_psetN_cert_sound c :
  check_psetN_cert c = true ->
  pset_claim (nats (p_moves c)) (N.to_nat (p_period c)) (nats (p_block c)).
Proof. apply PSetFast.check_psetN_sound. Qed.

(** ** Verdicts for the differential test (tests/formal.rs)

    0: accepted; 1: rejected; 3: beyond [bound] (not decided here; a
    [Sequence] only: a [PSet] is decided whatever its numbers). *)
Definition sequence_verdict (c : sequence_cert) : nat :=
  if sequence_within_bound c then (if check_sequence_cert c then 0 else 1) else 3.

Definition psetN_verdict (c : pset_cert) : nat :=
  if check_psetN_cert c then 0 else 1.
