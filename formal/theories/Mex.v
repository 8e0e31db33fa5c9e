(** * The minimum excludant

    [mex l] is the least natural number not in [l] (paper A, §2: the value
    of a position is the least value none of its options has).  This file
    is general: it knows nothing about games. *)

From Coq Require Import List Arith Bool Lia.
Import ListNotations.

(** Membership, as a boolean the virtual machine can run. *)
Definition memb (n : nat) (l : list nat) : bool := existsb (Nat.eqb n) l.

Lemma memb_In n l : memb n l = true <-> In n l.
Proof.
  unfold memb; rewrite existsb_exists; split.
  - intros [x [H E]]; apply Nat.eqb_eq in E; subst; exact H.
  - intros H; exists n; split; [exact H | apply Nat.eqb_refl].
Qed.

Lemma In_le_list_max x l : In x l -> x <= list_max l.
Proof.
  intros H. pose proof (proj1 (list_max_le l (list_max l)) (le_n _)) as F.
  rewrite Forall_forall in F; auto.
Qed.

(** Search upwards from [n]; [fuel] candidates are left before
    [S (list_max l)], which is never in [l]. *)
Fixpoint mex_from (l : list nat) (fuel n : nat) : nat :=
  match fuel with
  | 0 => n
  | S f => if memb n l then mex_from l f (S n) else n
  end.

Definition mex (l : list nat) : nat := mex_from l (S (list_max l)) 0.

Lemma mex_from_spec l : forall fuel n,
  n + fuel = S (list_max l) ->
  (forall k, k < n -> In k l) ->
  ~ In (mex_from l fuel n) l /\ (forall k, k < mex_from l fuel n -> In k l).
Proof.
  induction fuel as [|f IH]; intros n Hn Hlt; simpl.
  - split; [|exact Hlt]. intros H. apply In_le_list_max in H. lia.
  - destruct (memb n l) eqn:E.
    + apply IH; [lia|]. intros k Hk.
      destruct (Nat.eq_dec k n) as [->|]; [apply memb_In; exact E|].
      apply Hlt; lia.
    + split; [|exact Hlt]. intros H. apply memb_In in H. congruence.
Qed.

(** The two properties that define the mex. *)
Theorem mex_not_In l : ~ In (mex l) l.
Proof. apply (mex_from_spec l); [lia | intros; lia]. Qed.

Theorem mex_below_In l : forall k, k < mex l -> In k l.
Proof. apply (mex_from_spec l); [lia | intros; lia]. Qed.

(** They determine it. *)
Theorem mex_unique l m :
  ~ In m l -> (forall k, k < m -> In k l) -> mex l = m.
Proof.
  intros H1 H2.
  destruct (lt_eq_lt_dec m (mex l)) as [[Hlt|Heq]|Hgt]; auto.
  - exfalso. apply H1, mex_below_In, Hlt.
  - exfalso. apply (mex_not_In l), H2, Hgt.
Qed.

(** The mex depends only on which numbers the list holds. *)
Theorem mex_ext l1 l2 : (forall x, In x l1 <-> In x l2) -> mex l1 = mex l2.
Proof.
  intros H. apply mex_unique.
  - rewrite H. apply mex_not_In.
  - intros k Hk. apply H, mex_below_In, Hk.
Qed.

Theorem mex_zero l : mex l = 0 <-> ~ In 0 l.
Proof.
  split.
  - intros E. rewrite <- E. apply mex_not_In.
  - intros H. apply mex_unique; [exact H | intros; lia].
Qed.
