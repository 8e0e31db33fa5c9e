(** * The [Periodic] checker on numbers below 2^40, for machine integers (issue 39)

    [check_periodic_small] is [Judge.check_periodic] for claims whose
    numbers (moves, q, p, witness primes and positions) are all below
    2^40: it tests that bound first, and then drops Rule 2's comparison
    with nimcheck's u64 limit (x + p/r < 2^64), which every such claim
    passes (x + p/r < 2^41).  [check_periodic_small_sound]: acceptance
    implies acceptance by [check_periodic], hence [periodic_claim].

    Why: [formal/judge/ExtractSmall.v] extracts this function with [N]
    and [positive] as OCaml's 63-bit [int] ([ExtrOcamlZInt]), which is
    exact only while no intermediate value reaches 2^62.  The constant
    2^64 itself would not survive that extraction (it would wrap); 2^40
    does.  docs/FORMAL.md, "Machine integers", lists every operation of
    the checker and its largest value (below 2^42) on such a claim. *)

From Coq Require Import List Bool NArith Lia.
From Nimcert Require Import Primes Fast Stream Judge.
Import ListNotations.

Local Open Scope N_scope.

(** 2^40, the largest number the reader lets through, plus one. *)
Definition small_limit : N := 1099511627776.

Definition small (n : N) : bool := n <? small_limit.

Definition claim_small (S : list N) (q p : N) (ws : list (N * N)) : bool :=
  forallb small S && small q && small p &&
  forallb (fun w => small (fst w) && small (snd w)) ws.

Section Core.
Variables (S : list N) (q p : N).

(** [Judge.rules_on] without the u64 comparison of Rule 2. *)
Definition rules_on_small (t : table) (ws : list (N * N)) : bool :=
  forall_range (fun x => get t x =? get t (x + p)) q (maxN S) &&
  minimalityN_ok p ws (fun x d => (q <=? x) && negb (vt q p t x =? vt q p t (x + d))) &&
  (if q =? 0 then true else negb (vt q p t (q - 1) =? vt q p t (q - 1 + p))).

Lemma rules_on_small_rules_on t ws :
  small p = true -> forallb (fun w => small (fst w) && small (snd w)) ws = true ->
  rules_on_small t ws = true -> rules_on S q p t ws = true.
Proof.
  unfold rules_on_small, rules_on, minimalityN_ok, small, small_limit. intros Hp Hws H.
  apply N.ltb_lt in Hp. rewrite forallb_forall in Hws.
  apply andb_true_iff in H as [H H3]. apply andb_true_iff in H as [H1 H2].
  apply andb_true_iff in H2 as [Hpr H2]. rewrite H1, Hpr, H3. simpl.
  rewrite andb_true_r. apply forallb_forall. intros w Hw.
  rewrite forallb_forall in H2. specialize (H2 w Hw).
  pose proof (Hws w Hw) as Hw'. apply andb_true_iff in Hw' as [_ Hx]. apply N.ltb_lt in Hx.
  apply andb_true_iff in H2 as [Hq Hne]. rewrite Hq, Hne. simpl. rewrite andb_true_r.
  apply N.ltb_lt. unfold u64_limit.
  destruct (N.eq_dec (fst w) 0) as [E|E].
  - rewrite E. assert (p / 0 = 0) as Z0 by (destruct p; reflexivity). lia.
  - assert (p / fst w <= p) by (apply N.div_le_upper_bound; nia). lia.
Qed.
End Core.

(** A [Periodic] claim (or a line of a [PeriodicTable]) with every number
    below 2^40; [false] for any other claim (the reader never passes one). *)
Definition check_periodic_small (S : list N) (q p : N) (ws : list (N * N)) : bool :=
  claim_small S q p ws && movesN_ok S && (0 <? p) &&
  rules_on_small S q p (run S (want_of S q p ws) (len S q p)) ws.

Theorem check_periodic_small_sound S q p ws :
  check_periodic_small S q p ws = true -> periodic_claim (nats S) (N.to_nat q) (N.to_nat p).
Proof.
  unfold check_periodic_small, claim_small. intros H.
  apply (check_periodic_sound S q p ws). unfold check_periodic.
  repeat match goal with H : (_ && _) = true |- _ => apply andb_true_iff in H as [? ?] end.
  rewrite H2, H1. simpl.
  apply rules_on_small_rules_on; assumption.
Qed.
