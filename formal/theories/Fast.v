(** * Fast building blocks for the extracted judge (issue 24)

    The checkers of [SequenceCheck] and [PSetCheck] compute on unary
    naturals and lists, so they are quadratic and bounded by 2^20.  The
    judge's checkers compute on binary numbers ([N]) and a binary trie
    ([PositiveMap]) instead, and are proved equal to the specification of
    [Subtraction] (on [nat]) through [N.to_nat] and [N.of_nat] (G_S itself
    is computed in [Stream]):

    - [mexN], the mex of a list of [N], is [mex] ([mexN_map]);
    - [forall_range f a len] tests f on [a, a + len) ([forall_range_true]).

    Nothing here is trusted: each function is proved against the
    definitions of [Mex] and [Subtraction]. *)

From Coq Require Import List Arith Bool NArith Lia FMapPositive MSetPositive FinFun.
From Nimcert Require Import Mex Subtraction.
Import ListNotations.

Local Open Scope N_scope.

(** ** The mex of a list of binary numbers *)

(** Search upwards from [n] for a number [memb] says is absent; [fuel]
    candidates at most. *)
Fixpoint mexN_from (memb : N -> bool) (fuel : nat) (n : N) : N :=
  match fuel with
  | O => n
  | Datatypes.S f => if memb n then mexN_from memb f (N.succ n) else n
  end.

Definition key (x : N) : positive := N.succ_pos x.

Lemma key_inj x y : key x = key y -> x = y.
Proof.
  unfold key. intros E. apply N.succ_inj.
  rewrite <- !N.succ_pos_spec, E. reflexivity.
Qed.

(** Membership in a list: by a scan of the list when it is short, else
    in a binary trie built once (O(k log k) for k options, where the scan
    would cost O(k^2) over the whole search). *)
Definition set_of (l : list N) : PositiveSet.t :=
  fold_left (fun t x => PositiveSet.add (key x) t) l PositiveSet.empty.

Definition member_of (l : list N) : N -> bool :=
  if (length l <=? 16)%nat then fun n => existsb (N.eqb n) l
  else let t := set_of l in fun n => PositiveSet.mem (key n) t.

(** The mex of [l] is at most [length l], so [length l + 1] candidates do. *)
Definition mexN (l : list N) : N := mexN_from (member_of l) (Datatypes.S (length l)) 0.

Lemma existsb_eqb_In n l : existsb (N.eqb n) l = true <-> In n l.
Proof.
  rewrite existsb_exists. split.
  - intros [x [H E]]. apply N.eqb_eq in E. subst. exact H.
  - intros H. exists n. split; [exact H | apply N.eqb_refl].
Qed.

Lemma set_of_spec l n : PositiveSet.mem (key n) (set_of l) = true <-> In n l.
Proof.
  unfold set_of. rewrite PositiveSet.mem_spec.
  assert (H : forall l t, PositiveSet.In (key n) (fold_left (fun t x => PositiveSet.add (key x) t) l t)
    <-> In n l \/ PositiveSet.In (key n) t).
  { induction l0 as [|a l0 IH]; intros t; simpl.
    - tauto.
    - rewrite IH, PositiveSet.add_spec. split.
      + intros [H|[H|H]]; auto. left; left. symmetry. apply key_inj, H.
      + intros [[H|H]|H]; auto. right; left. subst. reflexivity. }
  rewrite H. pose proof (PositiveSet.empty_spec (a := key n)). tauto.
Qed.

Lemma member_of_spec l n : member_of l n = true <-> In n l.
Proof.
  unfold member_of. destruct (length l <=? 16)%nat.
  - apply existsb_eqb_In.
  - apply set_of_spec.
Qed.

(** If every number below [n] is in [l], then [n <= length l]. *)
Lemma below_in_length (l : list N) (n : nat) :
  (forall k, (k < N.of_nat n)%N -> In k l) -> (n <= length l)%nat.
Proof.
  intros H. rewrite <- (seq_length n 0), <- (map_length N.of_nat).
  apply NoDup_incl_length.
  - apply Injective_map_NoDup; [intros a b E; apply Nat2N.inj, E | apply seq_NoDup].
  - intros k Hk. apply in_map_iff in Hk as [m [<- Hm]]. apply in_seq in Hm.
    apply H. lia.
Qed.

Lemma mexN_from_spec l : forall fuel n,
  (N.to_nat n + fuel > length l)%nat ->
  (forall k, k < n -> In k l) ->
  ~ In (mexN_from (member_of l) fuel n) l /\
  (forall k, k < mexN_from (member_of l) fuel n -> In k l).
Proof.
  induction fuel as [|f IH]; intros n Hn Hlt; simpl.
  - exfalso. assert (B := below_in_length l (N.to_nat n)).
    rewrite N2Nat.id in B. specialize (B Hlt). lia.
  - destruct (member_of l n) eqn:E.
    + apply IH; [lia|]. intros k Hk.
      destruct (N.eq_dec k n) as [->|]; [apply member_of_spec; exact E|].
      apply Hlt. lia.
    + split; [|exact Hlt]. intros H. apply member_of_spec in H. congruence.
Qed.

Lemma mexN_spec l : ~ In (mexN l) l /\ (forall k, k < mexN l -> In k l).
Proof. apply mexN_from_spec; [simpl; lia | intros; lia]. Qed.

(** [mexN] is [mex], through [N.of_nat]. *)
Theorem mexN_map (l : list nat) : mexN (map N.of_nat l) = N.of_nat (mex l).
Proof.
  destruct (mexN_spec (map N.of_nat l)) as [H1 H2].
  rewrite <- (N2Nat.id (mexN _)). f_equal. symmetry. apply mex_unique.
  - intros H. apply H1. apply in_map_iff. exists (N.to_nat (mexN (map N.of_nat l))).
    split; [apply N2Nat.id | exact H].
  - intros k Hk. assert (In (N.of_nat k) (map N.of_nat l)) as Hin by (apply H2; lia).
    apply in_map_iff in Hin as [m [E Hm]]. apply Nat2N.inj in E. subst. exact Hm.
Qed.

(** ** A table of values indexed by binary numbers *)

Definition table := PositiveMap.t N.

(** Position [x] is stored under [key x] = x + 1 (keys are positive). *)

Definition get (t : table) (x : N) : N :=
  match PositiveMap.find (key x) t with Some v => v | None => 0 end.

Definition set (t : table) (x v : N) : table := PositiveMap.add (key x) v t.

Lemma get_set_eq t x v : get (set t x v) x = v.
Proof. unfold get, set. rewrite PositiveMap.gss. reflexivity. Qed.

Lemma get_set_neq t x y v : y <> x -> get (set t x v) y = get t y.
Proof.
  intros H. unfold get, set. rewrite PositiveMap.gso; [reflexivity|].
  intros E. apply H, key_inj, E.
Qed.

(** ** Moves *)

Definition nats (l : list N) : list nat := map N.to_nat l.

Definition positive_moves (S : list N) : Prop := forall s, In s S -> 0 < s.

Lemma nats_positive S : positive_moves S -> moves_positive (nats S).
Proof.
  intros H s Hs. apply in_map_iff in Hs as [m [<- Hm]]. specialize (H m Hm). lia.
Qed.

(** ** Tests over a range *)

Definition range_step (f : N -> bool) (st : bool * N) : bool * N :=
  let (ok, i) := st in (if f i then ok else false, N.succ i).

Definition forall_range (f : N -> bool) (a len : N) : bool :=
  fst (N.iter len (range_step f) (true, a)).

Theorem forall_range_true f a len :
  forall_range f a len = true -> forall i, a <= i < a + len -> f i = true.
Proof.
  unfold forall_range. rewrite N2Nat.inj_iter.
  assert (H : forall k, snd (Nat.iter k (range_step f) (true, a)) = a + N.of_nat k /\
    (fst (Nat.iter k (range_step f) (true, a)) = true ->
     forall i, a <= i < a + N.of_nat k -> f i = true)).
  { induction k as [|k [Hs Hf]]; simpl.
    - split; [lia | intros _ i Hi; lia].
    - destruct (Nat.iter k (range_step f) (true, a)) as [ok i]. simpl in *. subst i.
      split; [lia|]. destruct (f (a + N.of_nat k)) eqn:E; [|discriminate].
      intros Hok i Hi. destruct (N.eq_dec i (a + N.of_nat k)) as [->|]; [exact E|].
      apply Hf; [exact Hok | lia]. }
  intros Hok i Hi. destruct (H (N.to_nat len)) as [_ Hf].
  apply Hf; [exact Hok|]. lia.
Qed.
