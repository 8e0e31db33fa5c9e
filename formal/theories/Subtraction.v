(** * The nim-sequence of a subtraction game

    For a finite set [S] of positive integers (the moves), the nim-sequence
    G_S is the unique function with
      G_S(x) = mex { G_S(x - s) : s ∈ S, s ≤ x }
    (paper A, §2).  [is_nim_sequence S g] states the mex rule; [G S] is a
    function computed by it in increasing [x], proved to satisfy the rule
    ([G_is_nim_sequence]), and the rule has no other solution
    ([nim_sequence_unique]).  The P-positions are W0(S) = { x : G_S(x) = 0 }. *)

From Coq Require Import List Arith Bool Lia.
From Nimcert Require Import Mex.
Import ListNotations.

(** Every move is positive. *)
Definition moves_positive (S : list nat) : Prop := forall s, In s S -> 0 < s.

(** The values of the options of position [x] under [g]. *)
Definition options (S : list nat) (g : nat -> nat) (x : nat) : list nat :=
  map (fun s => g (x - s)) (filter (fun s => s <=? x) S).

(** The mex rule. *)
Definition is_nim_sequence (S : list nat) (g : nat -> nat) : Prop :=
  forall x, g x = mex (options S g x).

(** The rule has at most one solution: each value is fixed by smaller ones. *)
Theorem nim_sequence_unique S g1 g2 :
  moves_positive S -> is_nim_sequence S g1 -> is_nim_sequence S g2 ->
  forall x, g1 x = g2 x.
Proof.
  intros Hpos H1 H2 x. induction x as [x IH] using lt_wf_ind.
  rewrite H1, H2. f_equal. unfold options. apply map_ext_in.
  intros s Hs. apply filter_In in Hs as [Hs Hle]. apply Nat.leb_le in Hle.
  apply IH. specialize (Hpos s Hs). lia.
Qed.

(** The computation: [history S n] is [G(n-1); ...; G(0)], newest first,
    so that the option [x - s] of [x] is entry [s - 1]. *)
Fixpoint history (S : list nat) (n : nat) : list nat :=
  match n with
  | 0 => []
  | Datatypes.S m =>
      let h := history S m in
      mex (map (fun s => nth (s - 1) h 0) (filter (fun s => s <=? m) S)) :: h
  end.

(** G_S(x). *)
Definition G (S : list nat) (x : nat) : nat := hd 0 (history S (Datatypes.S x)).

Lemma history_length S n : length (history S n) = n.
Proof. induction n; simpl; auto. Qed.

Lemma history_nth S n i : i < n -> nth i (history S n) 0 = G S (n - 1 - i).
Proof.
  revert i. induction n as [|n IH]; intros i Hi; [lia|].
  destruct i as [|j].
  - unfold G. replace (Datatypes.S n - 1 - 0) with n by lia. reflexivity.
  - simpl nth. rewrite IH by lia. f_equal. lia.
Qed.

Theorem G_is_nim_sequence S : moves_positive S -> is_nim_sequence S (G S).
Proof.
  intros Hpos x. unfold G at 1. simpl. unfold options. f_equal.
  apply map_ext_in. intros s Hs. apply filter_In in Hs as [Hs Hle].
  apply Nat.leb_le in Hle. specialize (Hpos s Hs).
  rewrite history_nth by lia. f_equal. lia.
Qed.

(** So [G S] is the nim-sequence: any solution of the mex rule is [G S]. *)
Corollary G_unique S g :
  moves_positive S -> is_nim_sequence S g -> forall x, g x = G S x.
Proof. intros Hpos Hg. apply (nim_sequence_unique S); auto using G_is_nim_sequence. Qed.

(** [G S] on [0, n), in increasing order: what the checkers compare with. *)
Definition prefix (S : list nat) (n : nat) : list nat := rev (history S n).

Lemma prefix_nth S n x : x < n -> nth x (prefix S n) 0 = G S x.
Proof.
  intros H. unfold prefix. rewrite rev_nth by (rewrite history_length; lia).
  rewrite history_length, history_nth by lia. f_equal. lia.
Qed.

Lemma prefix_length S n : length (prefix S n) = n.
Proof. unfold prefix. rewrite rev_length. apply history_length. Qed.

(** A position is a P-position when its value is 0, that is when no option
    is a P-position. *)
Definition W0 (S : list nat) (x : nat) : Prop := G S x = 0.

Theorem G_zero_iff S x :
  moves_positive S ->
  G S x = 0 <-> forall s, In s S -> s <= x -> G S (x - s) <> 0.
Proof.
  intros Hpos. rewrite (G_is_nim_sequence S Hpos x), mex_zero. unfold options.
  rewrite in_map_iff. split.
  - intros H s Hs Hle E. apply H. exists s. split; auto.
    apply filter_In. split; auto. apply Nat.leb_le; auto.
  - intros H [s [E Hs]]. apply filter_In in Hs as [Hs Hle].
    apply Nat.leb_le in Hle. exact (H s Hs Hle E).
Qed.

(** ** Periods (as in the papers) *)

(** [p] is a period of [f] from [q]. *)
Definition period_from {A} (f : nat -> A) (q p : nat) : Prop :=
  forall x, q <= x -> f (x + p) = f x.

(** [p] is the least period: a period from some point, and no smaller
    positive number is a period from any point. *)
Definition least_period {A} (f : nat -> A) (p : nat) : Prop :=
  0 < p /\ (exists q, period_from f q p) /\
  forall q d, 0 < d -> period_from f q d -> p <= d.

(** For the least period [p], [q] is the least pre-period: [p] is a period
    from [q] and from no smaller point. *)
Definition least_preperiod {A} (f : nat -> A) (q p : nat) : Prop :=
  least_period f p /\ period_from f q p /\
  forall q', period_from f q' p -> q <= q'.
