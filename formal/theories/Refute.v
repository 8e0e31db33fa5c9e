(** * Refuting a [Sequence] claim by two equal values (issue 24)

    G_S(n) is the mex of the values G_S(n − s) over the moves s ≤ n, so it
    differs from each of them (paper A's definition; [Mex.mex_not_In]).
    A [Sequence] claim lists G_S on [0, q + p); if it lists the same value
    at n and at n − s for a move s ≤ n, it is false.  Checking such a pair
    costs two list lookups, where judging the claim costs the whole mex
    computation: for the 16-bit-wrap reproducer with 65,536 moves
    (checker/tests/value_width.rs), about 2·10^9 options through
    [Stream.run]'s queues, which the judge cannot hold in memory.

    [nimcert export judge] looks for such a pair (an untrusted search) and
    writes it beside the claim; [refutes] checks it, and [refutes_sound]
    proves that a claim it refutes is false. *)

From Coq Require Import List Arith Bool NArith Lia.
From Nimcert Require Import Mex Subtraction SequenceCheck Fast Judge.
Import ListNotations.

(** G_S(n) differs from G_S(n − s) for every move s with 0 < s ≤ n. *)
Lemma G_differs_from_options S n s :
  moves_positive S -> In s S -> 0 < s -> s <= n -> G S n <> G S (n - s).
Proof.
  intros Hpos Hs Hs0 Hle E.
  apply (mex_not_In (options S (G S) n)).
  rewrite <- (G_is_nim_sequence S Hpos n). rewrite E.
  unfold options. apply in_map_iff. exists s. split; [reflexivity|].
  apply filter_In. split; [exact Hs | apply Nat.leb_le; exact Hle].
Qed.

(** The check: the moves are positive, s is one of them, 0 < s ≤ n, n is
    a listed position (n < q + p, the number of values), and the values at
    n and n − s are equal. *)
Definition refutes (S : list N) (q p : N) (values : list N) (n s : N) : bool :=
  movesN_ok S && existsb (N.eqb s) S && (0 <? s)%N && (s <=? n)%N &&
  (N.of_nat (length values) =? q + p)%N && (n <? q + p)%N &&
  (nth (N.to_nat n) values 0 =? nth (N.to_nat (n - s)) values 0)%N.

Lemma nth_nats l k : nth k (nats l) 0 = N.to_nat (nth k l 0%N).
Proof.
  unfold nats. revert k. induction l as [|a l IH]; intros [|k]; simpl; auto.
Qed.

Theorem refutes_sound S q p values n s :
  refutes S q p values n s = true ->
  ~ sequence_claim (nats S) (N.to_nat q) (N.to_nat p) (nats values).
Proof.
  unfold refutes. intros H [Hclaim _].
  repeat match type of H with
  | (_ && _) = true => apply andb_true_iff in H as [H ?]
  end.
  match goal with
  | Hm : movesN_ok S = true, Hin : existsb _ S = true, H0 : (0 <? s)%N = true,
    Hle : (s <=? n)%N = true, Hn : (n <? q + p)%N = true,
    Heq : (nth _ values 0 =? nth _ values 0)%N = true |- _ =>
      rename Hm into Hmoves, Hin into HinS, H0 into Hs0, Hle into Hsn, Hn into Hnq,
        Heq into Hvals
  end.
  apply N.ltb_lt in Hs0. apply N.leb_le in Hsn. apply N.ltb_lt in Hnq.
  apply N.eqb_eq in Hvals.
  apply existsb_exists in HinS as [s' [Hs' Es]]. apply N.eqb_eq in Es. subst s'.
  pose proof (nats_positive S (movesN_ok_positive S Hmoves)) as Hpos.
  apply (G_differs_from_options (nats S) (N.to_nat n) (N.to_nat s) Hpos).
  - apply in_map. exact Hs'.
  - lia.
  - lia.
  - rewrite !Hclaim. unfold vext.
    replace (N.to_nat n <? N.to_nat q + N.to_nat p) with true
      by (symmetry; apply Nat.ltb_lt; lia).
    replace (N.to_nat n - N.to_nat s <? N.to_nat q + N.to_nat p) with true
      by (symmetry; apply Nat.ltb_lt; lia).
    rewrite <- N2Nat.inj_sub, !nth_nats, Hvals. reflexivity.
Qed.
