(** * Periods, primes, and the two minimality rules

    The rules nimcheck uses to prove that a period is least (a witness for
    each prime divisor, checker/src/number.rs) and that a pre-period is
    least (the witness q - 1, checker/src/periodic.rs, Rule 3), and the
    window argument that makes a nim-sequence periodic (Rule 1). *)

From Coq Require Import List Arith Bool Lia.
From Nimcert Require Import Mex Subtraction.
Import ListNotations.

Section Periods.
Context {A : Type} (f : nat -> A).

Lemma period_mult q p : period_from f q p ->
  forall k x, q <= x -> f (x + k * p) = f x.
Proof.
  intros H k. induction k as [|k IH]; intros x Hx; simpl.
  - f_equal; lia.
  - replace (x + (p + k * p)) with ((x + k * p) + p) by lia.
    rewrite H by lia. apply IH, Hx.
Qed.

(** A period from any point is, given a positive period [p] from [q], a
    period from [q] as well. *)
Lemma period_transfer q p q' d : 0 < p -> period_from f q p ->
  period_from f q' d -> period_from f q d.
Proof.
  intros Hp Hq Hd x Hx.
  rewrite <- (period_mult q p Hq q' (x + d)) by lia.
  rewrite <- (period_mult q p Hq q' x) by lia.
  replace (x + d + q' * p) with (x + q' * p + d) by lia.
  apply Hd. nia.
Qed.

(** The gcd of two periods from [q] is a period from [q]. *)
Lemma period_gcd q d p : 0 < d -> period_from f q d -> period_from f q p ->
  period_from f q (Nat.gcd d p).
Proof.
  intros Hd0 Hd Hp x Hx.
  destruct (Nat.gcd_bezout_pos d p Hd0) as [a [b E]].
  rewrite <- (period_mult q p Hp b (x + Nat.gcd d p)) by lia.
  rewrite <- (period_mult q d Hd a x) by lia.
  f_equal. lia.
Qed.
End Periods.

(** ** Primes *)

Definition prime (r : nat) : Prop :=
  2 <= r /\ forall k, Nat.divide k r -> k = 1 \/ k = r.

Lemma prime_factor_exists n : 2 <= n -> exists r, prime r /\ Nat.divide r n.
Proof.
  induction n as [n IH] using lt_wf_ind. intros Hn.
  destruct (filter (fun k => n mod k =? 0) (seq 2 (n - 2))) as [|k ks] eqn:E.
  - exists n. split; [|apply Nat.divide_refl]. split; [exact Hn|].
    intros k Hk. destruct (Nat.eq_dec k 1) as [|H1]; [left; auto|].
    destruct (Nat.eq_dec k n) as [|H2]; [right; auto|]. exfalso.
    assert (Hk0 : k <> 0) by (intros ->; destruct Hk as [z Hz]; lia).
    assert (k <= n) by (apply Nat.divide_pos_le; [lia | exact Hk]).
    assert (In k (filter (fun k => n mod k =? 0) (seq 2 (n - 2)))) as HIn.
    { apply filter_In. split. apply in_seq. lia.
      apply Nat.eqb_eq, Nat.mod_divide; auto. }
    rewrite E in HIn. destruct HIn.
  - assert (In k (filter (fun k => n mod k =? 0) (seq 2 (n - 2)))) as HIn
      by (rewrite E; left; auto).
    apply filter_In in HIn as [Hs Hm]. apply in_seq in Hs.
    apply Nat.eqb_eq, Nat.mod_divide in Hm; [|lia].
    destruct (IH k ltac:(lia) ltac:(lia)) as [r [Hr Hrk]].
    exists r. split; auto. eapply Nat.divide_trans; eauto.
Qed.

(** [r] has no divisor in [2, r). *)
Definition primeb (r : nat) : bool :=
  forallb (fun k => negb (r mod k =? 0)) (seq 2 (r - 2)).

(** The prime divisors of [n], increasing (as checker/src/number.rs).
    An [if], not [&&]: the virtual machine evaluates both arguments of a
    function, and [primeb] of every r <= n would cost n^3/3 steps. *)
Definition prime_divisors (n : nat) : list nat :=
  filter (fun r => if n mod r =? 0 then primeb r else false) (seq 2 (n - 1)).

Lemma prime_divisors_complete n r : 0 < n -> prime r -> Nat.divide r n ->
  In r (prime_divisors n).
Proof.
  intros Hn [H2 Hr] Hd. unfold prime_divisors. apply filter_In. split.
  - apply in_seq. assert (r <= n) by (apply Nat.divide_pos_le; auto). lia.
  - replace (n mod r =? 0) with true
      by (symmetry; apply Nat.eqb_eq, Nat.mod_divide; [lia | exact Hd]).
    unfold primeb. apply forallb_forall. intros k Hk. apply in_seq in Hk.
    destruct (r mod k =? 0) eqn:E; [|reflexivity]. exfalso.
    apply Nat.eqb_eq, Nat.mod_divide in E; [|lia].
    destruct (Hr k E); lia.
Qed.

(** ** Rule (least period): a witness for every prime divisor *)

Theorem least_period_of_witnesses {A} (f : nat -> A) q p :
  0 < p -> period_from f q p ->
  (forall r, prime r -> Nat.divide r p -> exists x, q <= x /\ f x <> f (x + p / r)) ->
  least_period f p.
Proof.
  intros Hp Hq W. split; [exact Hp|]. split; [exists q; exact Hq|].
  intros q' d Hd Hpd. destruct (le_lt_dec p d) as [|Hlt]; [assumption|exfalso].
  pose proof (period_transfer f q p q' d Hp Hq Hpd) as Hdq.
  pose proof (period_gcd f q d p Hd Hdq Hq) as Hg.
  set (g := Nat.gcd d p) in *.
  assert (Hg0 : 0 < g) by (apply Nat.neq_0_lt_0; intros E;
    apply Nat.gcd_eq_0 in E; lia).
  assert (Hgd : g <= d) by (apply Nat.divide_pos_le; [lia | apply Nat.gcd_divide_l]).
  destruct (Nat.gcd_divide_r d p) as [m Hm]. fold g in Hm.
  assert (Hm2 : 2 <= m) by nia.
  destruct (prime_factor_exists m Hm2) as [r [Hr [t Ht]]].
  assert (Hr0 : r <> 0) by (destruct Hr; lia).
  assert (Hpr : p / r = t * g).
  { rewrite Hm, Ht. replace (t * r * g) with (t * g * r) by lia.
    apply Nat.div_mul, Hr0. }
  destruct (W r Hr) as [x [Hx Hne]].
  { exists (t * g). rewrite Hm, Ht. lia. }
  apply Hne. rewrite Hpr. symmetry.
  rewrite (period_mult f q g Hg t x Hx). reflexivity.
Qed.

(** ** Rule (least pre-period): q = 0, or p is not a period from q - 1 *)

Theorem least_preperiod_of_witness {A} (f : nat -> A) q p :
  (q = 0 \/ f (q - 1) <> f (q - 1 + p)) ->
  forall q', period_from f q' p -> q <= q'.
Proof.
  intros [->|Hne] q' Hq'; [lia|].
  destruct (le_lt_dec q q') as [|Hlt]; [assumption|].
  exfalso. apply Hne. symmetry. apply Hq'. lia.
Qed.

(** ** Rule 1 (window): p is a period from q once it holds on [q, q + c) *)

Lemma filter_all {B} (P : B -> bool) l : (forall x, In x l -> P x = true) -> filter P l = l.
Proof.
  induction l as [|a l IH]; intros H; simpl; auto.
  rewrite H by (left; auto). f_equal. apply IH. intros; apply H; right; auto.
Qed.

Theorem period_of_window S q p :
  moves_positive S ->
  (forall x, q <= x < q + list_max S -> G S (x + p) = G S x) ->
  period_from (G S) q p.
Proof.
  intros Hpos Hw x. induction x as [x IH] using lt_wf_ind. intros Hx.
  destruct (lt_dec x (q + list_max S)) as [Hlt|Hge]; [apply Hw; lia|].
  rewrite !(G_is_nim_sequence S Hpos). f_equal. unfold options.
  assert (Hc : forall s, In s S -> s <= list_max S) by (intros; apply In_le_list_max; auto).
  rewrite !filter_all by (intros s Hs; apply Nat.leb_le; specialize (Hc s Hs); lia).
  apply map_ext_in. intros s Hs. specialize (Hc s Hs). specialize (Hpos s Hs).
  replace (x + p - s) with (x - s + p) by lia. apply IH; lia.
Qed.
