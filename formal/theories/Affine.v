(** * DNG(S, W) on a finite set of points of Z² (paper B: τ(A) = conv(A) ∩ S)

    Semantics:
    - [InConv A q]: q is a convex combination of points of A with
      non-negative rational coefficients.  Stated with the denominators
      cleared: a list of weighted points (c, p) with every c ≥ 0 an integer
      and p ∈ A, Σc > 0, Σ c·p = (Σc)·q (coordinate by coordinate).  (Divide
      by Σc for the rational coefficients; multiply rational coefficients by
      a common denominator for the weights.)
    - S = the listed points [pts], point i being [pt i]; [TauA A v]:
      v ∈ τ(A), i.e. v is a point of S and [pt v] ∈ conv{pt a : a ∈ A};
    - [NimDNG pts W k] := the points are distinct ∧ W ≠ ∅, W ⊆ S ∧ the
      empty position of DNG(S, W) has nim value k ([TreeVertex.NimH]);
    - [MaximalFamily pts W M]: the points are distinct ∧ 𝓜 = M
      ([Avoidance.MaximalFamilyT]).

    The decision procedure, by exact integer orientation tests:
    - [out_b A q] (q ∉ conv(A)): A = ∅, or some a ∈ A has every b ∈ A with
      cross(a − q, b − q) > 0, or = 0 and (a − q)·(b − q) > 0 (nimcheck's
      test).  [out_b_sound]: proved (the weighted sums of the cross and dot
      products with a − q vanish, and all their terms are ≥ 0).
    - [in_b A q] (q ∈ conv(A)): a point, a segment or a triangle of A with
      explicit integer weights (barycentric coordinates by Cramer's rule)
      that pass the definition's test.  [in_b_sound]: proved.
    - Not proved: that one of the two always answers (Carathéodory in the
      plane and the separation argument).  Instead [decided_b] checks, by
      computation, for every subset A of S and every point q of S, that
      [out_b] or [in_b] answers; it is part of [game_ok_b], so a geometry
      where neither answered would make the certificate's file fail to
      compile, never prove a false statement.  Given it,
      [hull_aff_spec]: the hull test (not [out_b]) decides τ exactly. *)

From Coq Require Import List Arith Lia Bool ZArith.
From Nimcert Require Import Mex TreeVertex Avoidance.
Import ListNotations.

Definition point : Type := (Z * Z)%type.

(** ** Convex combinations *)

(** Σc over weighted points (c, p), and Σ c·g(p). *)
Definition wsum (l : list (Z * point)) : Z := fold_right (fun c s => fst c + s)%Z 0%Z l.

Definition wdot (g : point -> Z) (l : list (Z * point)) : Z :=
  fold_right (fun c s => fst c * g (snd c) + s)%Z 0%Z l.

Definition InConv (A : list point) (q : point) : Prop :=
  exists l : list (Z * point),
    (forall c p, In (c, p) l -> (0 <= c)%Z /\ In p A) /\
    (0 < wsum l)%Z /\
    wdot fst l = (wsum l * fst q)%Z /\
    wdot snd l = (wsum l * snd q)%Z.

Lemma InConv_incl A B q : incl A B -> InConv A q -> InConv B q.
Proof.
  intros Hi [l [Hl Hrest]]. exists l. split; auto.
  intros c p Hp. destruct (Hl c p Hp). auto.
Qed.

Local Open Scope Z_scope.

Lemma wdot_ext g h l : (forall p, g p = h p) -> wdot g l = wdot h l.
Proof. intros H. induction l as [|[c p] l IH]; simpl; auto. rewrite H, IH. reflexivity. Qed.

Lemma wdot_linear a b c l :
  wdot (fun p => a * fst p + b * snd p + c) l = a * wdot fst l + b * wdot snd l + c * wsum l.
Proof. induction l as [|[w p] l IH]; simpl; [ring|]. rewrite IH. ring. Qed.

Lemma wdot_nonneg g l : (forall c p, In (c, p) l -> 0 <= c * g p) -> 0 <= wdot g l.
Proof.
  induction l as [|[c p] l IH]; simpl; [lia|]. intros H.
  assert (0 <= c * g p) by (apply H; auto). assert (0 <= wdot g l) by (apply IH; auto). lia.
Qed.

Lemma wdot_zero g l : (forall c p, In (c, p) l -> 0 <= c * g p) -> wdot g l = 0 ->
  forall c p, In (c, p) l -> c * g p = 0.
Proof.
  induction l as [|[c0 p0] l IH]; simpl; [intros _ _ c p []|]. intros H Hz c p Hin.
  assert (H0 : 0 <= c0 * g p0) by (apply H; auto).
  assert (H1 : 0 <= wdot g l) by (apply wdot_nonneg; auto).
  destruct Hin as [Heq|Hin].
  - injection Heq as <- <-. lia.
  - apply IH; auto. lia.
Qed.

Lemma wsum_zero l : (forall c p, In (c, p) l -> c = 0) -> wsum l = 0.
Proof.
  induction l as [|[c p] l IH]; simpl; auto. intros H.
  rewrite (H c p (or_introl eq_refl)), IH; auto.
  intros c' p' Hp'. apply (H c' p'). auto.
Qed.

(** ** Orientation *)

(** cross(a − o, b − o) and (a − o)·(b − o). *)
Definition cross (o a b : point) : Z :=
  (fst a - fst o) * (snd b - snd o) - (snd a - snd o) * (fst b - fst o).

Definition dot (o a b : point) : Z :=
  (fst a - fst o) * (fst b - fst o) + (snd a - snd o) * (snd b - snd o).

(** Lazy ∃ and ∀ on lists (the VM evaluates [||] strictly). *)
Fixpoint lexists {X} (f : X -> bool) (l : list X) : bool :=
  match l with [] => false | x :: l' => if f x then true else lexists f l' end.

Fixpoint lforall {X} (f : X -> bool) (l : list X) : bool :=
  match l with [] => true | x :: l' => if f x then lforall f l' else false end.

Lemma lexists_spec {X} (f : X -> bool) l : lexists f l = true <-> exists x, In x l /\ f x = true.
Proof.
  induction l as [|x l IH]; simpl; [split; [discriminate|intros [y [[] _]]]|].
  destruct (f x) eqn:Hf; split; auto.
  - intros _. exists x. auto.
  - intros H. apply IH in H. destruct H as [y [Hy Hfy]]. exists y. auto.
  - intros [y [[<-|Hy] Hfy]]; [congruence|]. apply IH. exists y. auto.
Qed.

Lemma lforall_spec {X} (f : X -> bool) l : lforall f l = true <-> forall x, In x l -> f x = true.
Proof.
  induction l as [|x l IH]; simpl; [split; auto; intros _ y []|].
  destruct (f x) eqn:Hf; split.
  - intros H y [<-|Hy]; auto. apply IH; auto.
  - intros H. apply IH. auto.
  - discriminate.
  - intros H. rewrite H in Hf; auto.
Qed.

(** b lies strictly on a's side of q: counterclockwise from a − q, or on
    the open ray of a − q. *)
Definition good (q a b : point) : bool :=
  (0 <? cross q a b) || ((cross q a b =? 0) && (0 <? dot q a b)).

Definition out_b (A : list point) (q : point) : bool :=
  match A with
  | [] => true
  | _ => lexists (fun a => lforall (good q a) A) A
  end.

Lemma good_spec q a b :
  good q a b = true -> 0 < cross q a b \/ (cross q a b = 0 /\ 0 < dot q a b).
Proof.
  unfold good. rewrite orb_true_iff, andb_true_iff, Z.ltb_lt, Z.eqb_eq, Z.ltb_lt. tauto.
Qed.

(** Weighted sums of the linear functions cross(a − q, · − q) and
    (a − q)·(· − q) vanish on a combination that equals q. *)
Lemma wdot_cross_zero q a l :
  wdot fst l = wsum l * fst q -> wdot snd l = wsum l * snd q -> wdot (cross q a) l = 0.
Proof.
  intros Hx Hy.
  rewrite (wdot_ext _ (fun p => (-(snd a - snd q)) * fst p + (fst a - fst q) * snd p +
                                 ((snd a - snd q) * fst q - (fst a - fst q) * snd q)))
    by (intros p; unfold cross; ring).
  rewrite wdot_linear, Hx, Hy. ring.
Qed.

Lemma wdot_dot_zero q a l :
  wdot fst l = wsum l * fst q -> wdot snd l = wsum l * snd q -> wdot (dot q a) l = 0.
Proof.
  intros Hx Hy.
  rewrite (wdot_ext _ (fun p => (fst a - fst q) * fst p + (snd a - snd q) * snd p +
                                 (- ((fst a - fst q) * fst q + (snd a - snd q) * snd q))))
    by (intros p; unfold dot; ring).
  rewrite wdot_linear, Hx, Hy. ring.
Qed.

Theorem out_b_sound A q : out_b A q = true -> ~ InConv A q.
Proof.
  destruct A as [|a0 A'] eqn:HA.
  - intros _ [l [Hl [Hs _]]]. destruct l as [|[c p] l]; simpl in Hs; [lia|].
    destruct (Hl c p (or_introl eq_refl)) as [_ []].
  - rewrite <- HA. intros Hout [l [Hl [Hs [Hx Hy]]]].
    unfold out_b in Hout. rewrite HA in Hout. rewrite <- HA in Hout.
    apply lexists_spec in Hout. destruct Hout as [a [_ Hall]].
    rewrite lforall_spec in Hall.
    assert (Hg : forall c p, In (c, p) l -> 0 <= c /\
              (0 < cross q a p \/ (cross q a p = 0 /\ 0 < dot q a p))).
    { intros c p Hp. destruct (Hl c p Hp) as [Hc Hin]. split; auto. apply good_spec; auto. }
    assert (Hf0 : forall c p, In (c, p) l -> c * cross q a p = 0).
    { apply wdot_zero; [|now apply wdot_cross_zero].
      intros c p Hp. destruct (Hg c p Hp) as [Hc [H|[H _]]]; nia. }
    assert (Hd0 : forall c p, In (c, p) l -> c * dot q a p = 0).
    { apply wdot_zero; [|now apply wdot_dot_zero].
      intros c p Hp. specialize (Hf0 c p Hp). destruct (Hg c p Hp) as [Hc [H|[H1 H2]]].
      - assert (c = 0) by nia. subst. lia.
      - nia. }
    assert (Hz : wsum l = 0).
    { apply wsum_zero. intros c p Hp. specialize (Hf0 c p Hp). specialize (Hd0 c p Hp).
      destruct (Hg c p Hp) as [Hc [H|[H1 H2]]]; nia. }
    lia.
Qed.

(** ** Explicit convex combinations *)

Definition check_w (q : point) (l : list (Z * point)) : bool :=
  forallb (fun c => 0 <=? fst c) l && (0 <? wsum l) &&
  (wdot fst l =? wsum l * fst q) && (wdot snd l =? wsum l * snd q).

(** Barycentric weights of q in the triangle abc (Cramer's rule), signed so
    that they sum to |cross(b − a, c − a)|, and on the segment ab. *)
Definition tri (q a b c : point) : list (Z * point) :=
  let s := if cross a b c <? 0 then -1 else 1 in
  [(s * cross q b c, a); (s * cross q c a, b); (s * cross q a b, c)].

Definition seg (q a b : point) : list (Z * point) := [(dot b q a, a); (dot a q b, b)].

Definition in_b (A : list point) (q : point) : bool :=
  lexists (fun a => if check_w q [(1, a)] then true else
    lexists (fun b => if check_w q (seg q a b) then true else
      lexists (fun c => check_w q (tri q a b c)) A) A) A.

Lemma check_w_sound A q l : check_w q l = true -> (forall c p, In (c, p) l -> In p A) ->
  InConv A q.
Proof.
  unfold check_w. rewrite !andb_true_iff, forallb_forall, Z.ltb_lt, !Z.eqb_eq.
  intros [[[Hc Hs] Hx] Hy] Hin. exists l. split; auto.
  intros c p Hp. split; [|eauto]. apply Z.leb_le. apply (Hc (c, p) Hp).
Qed.

Theorem in_b_sound A q : in_b A q = true -> InConv A q.
Proof.
  unfold in_b. intros H. apply lexists_spec in H. destruct H as [a [Ha H]].
  destruct (check_w q [(1, a)]) eqn:H1.
  { apply (check_w_sound A q _ H1). intros c p [E|[]]. injection E as _ <-. auto. }
  apply lexists_spec in H. destruct H as [b [Hb H]].
  destruct (check_w q (seg q a b)) eqn:H2.
  { apply (check_w_sound A q _ H2). intros c p [E|[E|[]]]; injection E as _ <-; auto. }
  apply lexists_spec in H. destruct H as [c [Hc H]].
  apply (check_w_sound A q _ H). intros c' p [E|[E|[E|[]]]]; injection E as _ <-; auto.
Qed.

Local Close Scope Z_scope.

(** ** The geometry *)

Definition point_eqb (p q : point) : bool := Z.eqb (fst p) (fst q) && Z.eqb (snd p) (snd q).

Fixpoint nodup_b (l : list point) : bool :=
  match l with
  | [] => true
  | p :: l' => negb (existsb (point_eqb p) l') && nodup_b l'
  end.

Lemma nodup_b_sound l : nodup_b l = true -> NoDup l.
Proof.
  induction l as [|p l IH]; simpl; [constructor|]. rewrite andb_true_iff, negb_true_iff.
  intros [Hn Hd]. constructor; auto. intros Hin.
  assert (existsb (point_eqb p) l = true).
  { apply existsb_exists. exists p. split; auto. unfold point_eqb. now rewrite !Z.eqb_refl. }
  congruence.
Qed.

Section Affine.

Variable pts : list point.
Variable W : list nat.

Definition pt (i : nat) : point := nth i pts (0, 0)%Z.

Definition TauA (A : list nat) (v : nat) : Prop := v < length pts /\ InConv (map pt A) (pt v).

Definition NimDNG (k : nat) : Prop :=
  NoDup pts /\ WinOk (length pts) W /\ NimH (length pts) W TauA [] k.

Definition MaximalFamily (M : list (list nat)) : Prop :=
  NoDup pts /\ MaximalFamilyT (length pts) W TauA M.

(** The points of the set with characteristic vector cv. *)
Definition cv_points (cv : list bool) : list point :=
  map pt (filter (fun i => nth i cv false) (seq 0 (length pts))).

Definition hull_aff (cv : list bool) (v : nat) : bool :=
  Nat.ltb v (length pts) && negb (out_b (cv_points cv) (pt v)).

(** For every subset A of S and point q of S, one of the two tests answers. *)
Definition decided_b : bool :=
  forallb (fun Q => let A := cv_points (charvec (length pts) Q) in
    forallb (fun v => if out_b A (pt v) then true else in_b A (pt v)) (seq 0 (length pts)))
    (powerset (seq 0 (length pts))).

Lemma cv_points_same A : Within (length pts) A ->
  forall p, In p (cv_points (charvec (length pts) A)) <-> In p (map pt A).
Proof.
  intros HA p. unfold cv_points. rewrite !in_map_iff. split.
  - intros [i [<- Hi]]. apply filter_In in Hi. destruct Hi as [Hi Hm].
    rewrite charvec_nth in Hm by exact HA. apply tv_mem_spec in Hm. eauto.
  - intros [i [<- Hi]]. exists i. split; auto. apply filter_In. split.
    + apply seq_lt. auto.
    + rewrite charvec_nth by exact HA. now apply tv_mem_spec.
Qed.

Lemma hull_aff_spec : decided_b = true ->
  forall A v, Within (length pts) A -> (hull_aff (charvec (length pts) A) v = true <-> TauA A v).
Proof.
  intros Hd A v HA. unfold hull_aff, TauA.
  rewrite andb_true_iff, Nat.ltb_lt, negb_true_iff. split.
  - intros [Hv Hout]. split; auto.
    destruct (powerset_complete (seq 0 (length pts)) A) as [Q [HQ Hs]].
    { intros a Ha. apply seq_lt. auto. }
    unfold decided_b in Hd. rewrite forallb_forall in Hd. specialize (Hd Q HQ).
    simpl in Hd. rewrite forallb_forall in Hd. specialize (Hd v (proj2 (seq_lt _ v) Hv)).
    rewrite <- (charvec_same _ A Q Hs), Hout in Hd.
    apply in_b_sound in Hd. revert Hd. apply InConv_incl.
    intros p Hp. now apply cv_points_same.
  - intros [Hv Hin]. split; auto. destruct (out_b _ (pt v)) eqn:Hout; auto.
    exfalso. apply (out_b_sound _ _ Hout). revert Hin. apply InConv_incl.
    intros p Hp. now apply cv_points_same.
Qed.

(** ** The per-certificate theorems *)

Definition game_ok_b : bool := nodup_b pts && win_ok_b (length pts) W && decided_b.

Definition nim_memo : nat := av_memo (length pts) W hull_aff.

Theorem nim_dng_by_computation k : game_ok_b = true -> nim_memo = k -> NimDNG k.
Proof.
  unfold game_ok_b. rewrite !andb_true_iff. intros [[Hn Hw] Hd] Hk.
  split; [now apply nodup_b_sound|split; [now apply win_ok_b_sound|]].
  apply (av_nim_sound (length pts) W hull_aff TauA); auto. now apply hull_aff_spec.
Qed.

Definition maximal_b (M : list (list nat)) : bool := av_maximal_b (length pts) W hull_aff M.

Theorem maximal_family_by_computation M :
  game_ok_b = true -> maximal_b M = true -> MaximalFamily M.
Proof.
  unfold game_ok_b. rewrite !andb_true_iff. intros [[Hn _] Hd] HM.
  split; [now apply nodup_b_sound|].
  apply (av_maximal_sound (length pts) W hull_aff TauA); auto. now apply hull_aff_spec.
Qed.

End Affine.

(** The nim number is unique. *)
Theorem NimDNG_unique pts W k k' : NimDNG pts W k -> NimDNG pts W k' -> k = k'.
Proof. intros [_ [_ H]] [_ [_ H']]. exact (Nim_unique _ W _ [] k k' H H'). Qed.
