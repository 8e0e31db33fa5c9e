(** * DNG(S, W) for any hull operator given by a computation (paper B)

    The game semantics is [Nimcert.TreeVertex]'s, which is generic in the
    hull operator: [MoveH n W H P x] (x ∈ S = [0 .. n-1] unchosen and
    W ⊄ H(x :: P)) and [NimH n W H P k] (k is the nim value of P by the mex
    rule).  This file proves, once for every geometry, that an exhaustive
    memoized evaluation gives the nim number and decides the family 𝓜 of
    maximal non-generating sets, given

    - [hull cv v]: a boolean hull test on characteristic vectors (cv lists,
      for each point of S, whether it is in the set), and
    - a semantic [Tau] that the test decides on subsets of S
      ([hull (charvec n A) v = true <-> Tau A v]).

    Main results: [av_nim_sound] (the computed value [av_memo] is the nim
    value of the empty position for [Tau]) and [av_maximal_sound]
    ([av_maximal_b M = true] gives [MaximalFamilyT Tau M]).  The geometry
    files ([Closure], [TreeEdge], [Affine]) state τ and prove the
    equivalence.  [hull_list] and [hull_list_spec]: the hull test of an
    explicit list of convex sets, τ(A) = ⋂{K listed : A ⊆ K}, shared by the
    closure and tree-edge geometries. *)

From Coq Require Import List Arith Lia Bool PArith FMapPositive.
From Nimcert Require Import Mex TreeVertex.
Import ListNotations.

(** The characteristic vector depends only on the points of the list. *)
Lemma charvec_same n P Q : same_points P Q -> charvec n P = charvec n Q.
Proof.
  intros H. unfold charvec. apply map_ext. intros i.
  destruct (tv_mem i P) eqn:HP, (tv_mem i Q) eqn:HQ; auto.
  - apply tv_mem_spec in HP. apply H in HP. apply tv_mem_spec in HP. congruence.
  - apply tv_mem_spec in HQ. apply H in HQ. apply tv_mem_spec in HQ. congruence.
Qed.

Lemma seq_lt n x : In x (seq 0 n) <-> x < n.
Proof. rewrite in_seq. lia. Qed.

Section Generic.

Variable n : nat.
Variable W : list nat.

(** [hull cv v]: v ∈ τ(A) for the set A whose characteristic vector is cv. *)
Variable hull : list bool -> nat -> bool.

Definition HullOf (A : list nat) (v : nat) : Prop := hull (charvec n A) v = true.

Local Notation Move := (MoveH n W HullOf).
Local Notation Nim := (NimH n W HullOf).

(** The characteristic vector of x :: P, from that of P. *)
Definition upd (cv : list bool) (x : nat) : list bool :=
  map (fun i => Nat.eqb i x || nth i cv false) (seq 0 n).

Lemma upd_charvec P x : Within n P -> upd (charvec n P) x = charvec n (x :: P).
Proof.
  intros HP. unfold upd, charvec at 2. apply map_ext_in. intros i Hi.
  rewrite charvec_nth by exact HP. reflexivity.
Qed.

(** The legal-move test on characteristic vectors. *)
Definition av_move (cv : list bool) (x : nat) : bool :=
  negb (nth x cv false) && negb (forallb (hull (upd cv x)) W).

Lemma av_move_spec P x : Within n P -> x < n ->
  (av_move (charvec n P) x = true <-> Move P x).
Proof.
  intros HP Hx. unfold av_move, MoveH, HullOf.
  rewrite charvec_nth, upd_charvec by exact HP.
  rewrite andb_true_iff, !negb_true_iff, tv_mem_false, <- not_true_iff_false, forallb_forall.
  tauto.
Qed.

Lemma av_full_no_move P x : NoDup P -> Within n P -> n <= length P -> ~ Move P x.
Proof.
  intros Hd HP Hl [Hx [Hn _]].
  assert (H : length (x :: P) <= n).
  { apply NoDup_bounded_length; [now constructor|]. intros a [<-|Ha]; auto. }
  simpl in H. lia.
Qed.

(** The exhaustive evaluation without a table. *)
Fixpoint av_go (fuel : nat) (P : list nat) : nat :=
  match fuel with
  | 0 => 0
  | S f => mex (map (fun x => av_go f (x :: P)) (filter (av_move (charvec n P)) (seq 0 n)))
  end.

Lemma av_go_sound : forall f P, NoDup P -> Within n P -> n <= length P + f ->
  Nim P (av_go f P).
Proof.
  induction f as [|f IH]; intros P Hd HP Hl; simpl.
  - refine (nim_mex n W HullOf P 0 (fun _ => 0) _ _ _).
    + intros x Hx. exfalso. apply (av_full_no_move P x); auto. lia.
    + intros x Hx. exfalso. apply (av_full_no_move P x); auto. lia.
    + intros j Hj. lia.
  - set (L := map (fun x => av_go f (x :: P)) (filter (av_move (charvec n P)) (seq 0 n))).
    refine (nim_mex n W HullOf P _ (fun x => av_go f (x :: P)) _ _ _).
    + intros x [Hxn [HxP _]]. apply IH.
      * now constructor.
      * intros a [<-|Ha]; auto.
      * simpl. lia.
    + intros x Hx Heq. apply (mex_not_In L). rewrite <- Heq.
      unfold L. apply (in_map (fun y => av_go f (y :: P))). apply filter_In.
      split; [apply seq_lt; now destruct Hx|]. apply av_move_spec; auto. now destruct Hx.
    + intros j Hj. apply mex_below_In in Hj. unfold L in Hj.
      apply in_map_iff in Hj. destruct Hj as [x [Hj Hx]].
      apply filter_In in Hx. destruct Hx as [Hx Hm]. apply seq_lt in Hx.
      exists x. split; auto. apply av_move_spec; auto.
Qed.

(** Positions with the same points have the same nim values. *)
Lemma av_move_same P Q x : same_points P Q -> Move P x -> Move Q x.
Proof.
  intros H [Hx [Hn Hw]]. split; [|split]; auto.
  - rewrite <- (H x). auto.
  - unfold HullOf in *. rewrite <- (charvec_same n (x :: P) (x :: Q)); auto.
    intros y. simpl. rewrite (H y). tauto.
Qed.

Lemma av_nim_same P Q k : Nim P k -> same_points P Q -> Nim Q k.
Proof.
  intros HN. revert Q. induction HN as [P k f Hopt IH Hne Hall]; intros Q HPQ.
  assert (HQP : same_points Q P) by (intros y; rewrite (HPQ y); tauto).
  refine (nim_mex n W HullOf Q k f _ _ _).
  - intros x Hx. apply IH; [now apply (av_move_same Q P)|].
    intros y. simpl. rewrite (HPQ y). tauto.
  - intros x Hx. apply Hne. now apply (av_move_same Q P).
  - intros j Hj. destruct (Hall j Hj) as [x [Hx Hfx]]. exists x. split; auto.
    now apply (av_move_same P Q).
Qed.

(** The memoized evaluation: [TreeVertex.memo_go] with this move test. *)
Definition av_memo : nat := fst (memo_go n av_move n [] (PositiveMap.empty nat)).

Definition av_table_sound (t : table) : Prop :=
  forall P v, NoDup P -> Within n P -> PositiveMap.find (pos_key n P) t = Some v -> Nim P v.

Lemma av_thread_correct (g : nat -> table -> nat * table) (h : nat -> nat) xs :
  (forall x t, In x xs -> av_table_sound t ->
     fst (g x t) = h x /\ av_table_sound (snd (g x t))) ->
  forall t, av_table_sound t ->
  fst (thread g xs t) = map h xs /\ av_table_sound (snd (thread g xs t)).
Proof.
  intros Hg. induction xs as [|x xs IH]; intros t Ht; simpl; auto.
  destruct (Hg x t (or_introl eq_refl) Ht) as [Hv Ht1].
  destruct (g x t) as [v t1]. simpl in *.
  destruct (IH (fun y t0 Hy => Hg y t0 (or_intror Hy)) t1 Ht1) as [Hvs Ht2].
  destruct (thread g xs t1) as [vs t2]. simpl in *. subst. auto.
Qed.

Lemma av_memo_correct : forall f P t,
  NoDup P -> Within n P -> n <= length P + f -> av_table_sound t ->
  fst (memo_go n av_move f P t) = av_go f P /\ av_table_sound (snd (memo_go n av_move f P t)).
Proof.
  induction f as [|f IH]; intros P t Hd HP Hl Ht; simpl; auto.
  fold (pos_key n P).
  destruct (PositiveMap.find (pos_key n P) t) as [v|] eqn:Hfind.
  - simpl. split; auto. apply (Nim_unique n W HullOf P); [now apply (Ht P v)|].
    apply (av_go_sound (S f)); auto.
  - set (xs := filter (av_move (charvec n P)) (seq 0 n)).
    assert (Hxs : forall x, In x xs -> NoDup (x :: P) /\ Within n (x :: P) /\
                  n <= length (x :: P) + f).
    { intros x Hx. unfold xs in Hx. apply filter_In in Hx. destruct Hx as [Hx Hm].
      apply seq_lt in Hx. apply av_move_spec in Hm; auto.
      destruct Hm as [_ [Hn _]]. split; [now constructor|split].
      - intros a [<-|Ha]; auto.
      - simpl. lia. }
    destruct (av_thread_correct (fun x => memo_go n av_move f (x :: P))
               (fun x => av_go f (x :: P)) xs) with (t := t) as [Hvs Ht'].
    + intros x t0 Hx Ht0. destruct (Hxs x Hx) as [H1 [H2 H3]]. apply IH; auto.
    + exact Ht.
    + destruct (thread _ xs t) as [vs t']. simpl in *. subst vs. split; [reflexivity|].
      intros Q v HQd HQ Hf.
      destruct (Pos.eq_dec (pos_key n Q) (pos_key n P)) as [Heq|Hne].
      * rewrite Heq, PositiveMap.gss in Hf. injection Hf as <-.
        apply (av_nim_same P); [|now apply (pos_key_same n)].
        apply (av_go_sound (S f)); auto.
      * rewrite PositiveMap.gso in Hf by exact Hne. now apply Ht'.
Qed.

(** Soundness of the computed value for any τ the hull test decides. *)
Theorem av_nim_sound (Tau : list nat -> nat -> Prop) :
  (forall A v, Within n A -> (hull (charvec n A) v = true <-> Tau A v)) ->
  forall k, av_memo = k -> NimH n W Tau [] k.
Proof.
  intros HT k <-. apply (Nim_transfer n W HullOf Tau).
  - intros A v HA. apply HT. exact HA.
  - intros a [].
  - assert (Ht : av_table_sound (PositiveMap.empty nat)).
    { intros P v _ _ Hf. rewrite PositiveMap.gempty in Hf. discriminate. }
    destruct (av_memo_correct n [] _ (NoDup_nil _) (fun a (H : In a []) => match H with end)
                (le_n _) Ht) as [Heq _].
    unfold av_memo. rewrite Heq.
    apply av_go_sound; [constructor|intros a []|simpl; lia].
Qed.

(** ** 𝓜, the maximal non-generating sets, for a semantic τ *)

Definition NonGenT (Tau : list nat -> nat -> Prop) (A : list nat) : Prop :=
  ~ (forall w, In w W -> Tau A w).

(** Every listed set is a maximal non-generating subset of S, and every
    non-generating subset of S lies in a listed set. *)
Definition MaximalFamilyT (Tau : list nat -> nat -> Prop) (M : list (list nat)) : Prop :=
  (forall m, In m M -> Within n m /\ NonGenT Tau m /\
     (forall x, x < n -> ~ In x m -> ~ NonGenT Tau (x :: m))) /\
  (forall P, Within n P -> NonGenT Tau P -> exists m, In m M /\ incl P m).

Definition nongen_cv (cv : list bool) : bool := negb (forallb (hull cv) W).

Definition av_maximal_b (M : list (list nat)) : bool :=
  forallb (fun m => within_b n m && nongen_cv (charvec n m) &&
    forallb (fun x => tv_mem x m || negb (nongen_cv (charvec n (x :: m)))) (seq 0 n)) M &&
  forallb (fun P => negb (nongen_cv (charvec n P)) || existsb (incl_b P) M)
    (powerset (seq 0 n)).

Lemma nongen_cv_spec (Tau : list nat -> nat -> Prop) A :
  (forall A v, Within n A -> (hull (charvec n A) v = true <-> Tau A v)) ->
  Within n A -> (nongen_cv (charvec n A) = true <-> NonGenT Tau A).
Proof.
  intros HT HA. unfold nongen_cv, NonGenT.
  rewrite negb_true_iff, <- not_true_iff_false, forallb_forall.
  split; intros Hn Hall; apply Hn; intros w Hw; apply (HT A w HA); auto.
Qed.

Theorem av_maximal_sound (Tau : list nat -> nat -> Prop) M :
  (forall A v, Within n A -> (hull (charvec n A) v = true <-> Tau A v)) ->
  av_maximal_b M = true -> MaximalFamilyT Tau M.
Proof.
  intros HT HM. unfold av_maximal_b in HM. rewrite andb_true_iff, !forallb_forall in HM.
  destruct HM as [Hmax Hcomp]. split.
  - intros m Hm. specialize (Hmax m Hm). rewrite !andb_true_iff, forallb_forall in Hmax.
    destruct Hmax as [[Hw Hng] Hx]. apply within_b_sound in Hw.
    split; [exact Hw|split; [now apply (nongen_cv_spec Tau)|]].
    intros x Hxn Hxm Hng'. specialize (Hx x (proj2 (seq_lt n x) Hxn)).
    apply tv_mem_false in Hxm. rewrite Hxm in Hx. simpl in Hx.
    apply negb_true_iff in Hx. apply (nongen_cv_spec Tau) in Hng'; auto; [congruence|].
    intros a [<-|Ha]; auto.
  - intros P HP Hng.
    destruct (powerset_complete (seq 0 n) P) as [Q [HQ Hs]].
    { intros a Ha. apply seq_lt. auto. }
    specialize (Hcomp Q HQ). apply orb_true_iff in Hcomp. destruct Hcomp as [Hc|Hc].
    + exfalso. apply negb_true_iff in Hc. rewrite <- (charvec_same n P Q Hs) in Hc.
      apply (nongen_cv_spec Tau P HT HP) in Hng. congruence.
    + apply existsb_exists in Hc. destruct Hc as [m [Hm Hi]]. exists m. split; auto.
      intros a Ha. apply (incl_b_sound Q m Hi). apply Hs. exact Ha.
Qed.

(** ** τ from an explicit list of convex sets: τ(A) = ⋂{K listed : A ⊆ K} *)

(** A ⊆ K on characteristic vectors, point by point. *)
Fixpoint incl_bits (a k : list bool) : bool :=
  match a, k with
  | [], _ => true
  | x :: a', [] => negb x && incl_bits a' []
  | x :: a', y :: k' => (negb x || y) && incl_bits a' k'
  end.

Lemma incl_bits_spec a : forall k,
  incl_bits a k = true <-> (forall i, nth i a false = true -> nth i k false = true).
Proof.
  induction a as [|x a IH]; intros k; simpl.
  - split; auto. intros _ [|i]; discriminate.
  - destruct k as [|y k]; rewrite andb_true_iff, IH.
    + rewrite negb_true_iff. split.
      * intros [Hx H] [|i] Hi; simpl in *; [congruence|].
        specialize (H i Hi). destruct i; discriminate.
      * intros H. split; [destruct x; [|reflexivity]; specialize (H 0 eq_refl);
          simpl in H; discriminate|].
        intros i Hi. specialize (H (S i) Hi). simpl in H. discriminate.
    + rewrite orb_true_iff, negb_true_iff. split.
      * intros [Hx H] [|i] Hi; simpl in *; [destruct Hx; congruence|]. apply H. exact Hi.
      * intros H. split; [destruct x; auto; right; apply (H 0); auto|].
        intros i Hi. apply (H (S i)). exact Hi.
Qed.

Lemma nth_charvec P i : i < n -> nth i (charvec n P) false = tv_mem i P.
Proof.
  intros Hi. unfold charvec.
  rewrite (nth_indep _ false (tv_mem 0 P)) by now rewrite map_length, seq_length.
  rewrite (map_nth (fun j => tv_mem j P)), seq_nth by exact Hi. reflexivity.
Qed.

Lemma nth_charvec_true P i : nth i (charvec n P) false = true -> i < n /\ In i P.
Proof.
  intros H. destruct (Nat.lt_ge_cases i n) as [Hi|Hi].
  - rewrite nth_charvec in H by exact Hi. split; auto. now apply tv_mem_spec.
  - rewrite nth_overflow in H; [discriminate|]. unfold charvec.
    now rewrite map_length, seq_length.
Qed.

Lemma incl_bits_charvec A K : incl_bits (charvec n A) (charvec n K) = true <-> incl (filter (fun a => Nat.ltb a n) A) K.
Proof.
  rewrite incl_bits_spec. split.
  - intros H a Ha. apply filter_In in Ha. destruct Ha as [Ha Hlt]. apply Nat.ltb_lt in Hlt.
    specialize (H a). rewrite !nth_charvec in H by exact Hlt.
    apply tv_mem_spec, H, tv_mem_spec. exact Ha.
  - intros H i Hi. apply nth_charvec_true in Hi. destruct Hi as [Hi HiA].
    rewrite nth_charvec by exact Hi. apply tv_mem_spec. apply H. apply filter_In.
    split; auto. now apply Nat.ltb_lt.
Qed.

(** The hull test of a list of sets: the characteristic vectors of the sets
    are computed once (when [hull_list n Ks] is evaluated); v is in the hull
    iff v ∈ S and every listed set containing the position contains v. *)
Definition hull_list (Ks : list (list nat)) : list bool -> nat -> bool :=
  let Kvs := map (charvec n) Ks in
  fun cv v => Nat.ltb v n && forallb (fun kv => negb (incl_bits cv kv) || nth v kv false) Kvs.

Lemma filter_lt_id A : Within n A -> filter (fun a => Nat.ltb a n) A = A.
Proof.
  intros HA. induction A as [|a A IH]; simpl; auto.
  rewrite (proj2 (Nat.ltb_lt a n)) by (apply HA; left; auto).
  rewrite IH; auto. intros b Hb. apply HA. right. auto.
Qed.

(** If S is listed and every listed set lies in S, [hull_list] decides
    v ∈ ⋂{K listed : A ⊆ K} for A ⊆ S. *)
Lemma hull_list_spec Ks A v :
  (forall K, In K Ks -> Within n K) ->
  (exists K0, In K0 Ks /\ forall x, x < n -> In x K0) ->
  Within n A ->
  (hull_list Ks (charvec n A) v = true <-> forall K, In K Ks -> incl A K -> In v K).
Proof.
  intros Hin [K0 [HK0 Hfull]] HA. unfold hull_list.
  rewrite andb_true_iff, Nat.ltb_lt, forallb_forall.
  assert (Hi : forall K, incl_bits (charvec n A) (charvec n K) = true <-> incl A K).
  { intros K. rewrite incl_bits_charvec, filter_lt_id by exact HA. tauto. }
  split.
  - intros [Hv H] K HK HAK. specialize (H (charvec n K) (in_map _ _ _ HK)).
    apply Hi in HAK. rewrite HAK in H. simpl in H.
    rewrite nth_charvec in H by exact Hv. now apply tv_mem_spec.
  - intros H. assert (Hv : v < n).
    { apply (Hin K0 HK0). apply H; auto. intros a Ha. apply Hfull. auto. }
    split; [exact Hv|].
    intros kv Hkv. apply in_map_iff in Hkv. destruct Hkv as [K [<- HK]].
    destruct (incl_bits (charvec n A) (charvec n K)) eqn:HAK; auto. simpl.
    apply Hi in HAK. rewrite nth_charvec by exact Hv. apply tv_mem_spec. auto.
Qed.

End Generic.
