(** * DNG(S, W) on the edge geometry of a tree (paper B)

    Semantics:
    - a tree on the vertices [0 .. nv-1] given by its edge list [E]
      ([TreeVertex.IsTree]); the points are the edges, point i being the
      i-th edge of the list, S = [0 .. m-1] with m = |E|;
    - [touch i j]: edges i and j share an end vertex;
      [chain K e f]: a sequence of edges of K from e to f, consecutive ones
      sharing a vertex;
    - [ConvexE K]: K ⊆ S and any two edges of K are joined by a chain inside
      K, i.e. the edges of K form a connected subgraph: K is the edge set of
      a subtree (∅ included);
    - [TauE A v]: v ∈ τ(A), the smallest convex set containing A (v is in
      every convex K ⊇ A; sets of points are lists, S being finite);
    - [NimDNG nv E W k] := IsTree ∧ W ≠ ∅, W ⊆ S ∧ the empty position of
      DNG(S, W) has nim value k ([TreeVertex.NimH]);
    - [MaximalFamily nv E W M]: IsTree ∧ 𝓜 = M ([Avoidance.MaximalFamilyT]).

    Proved link to the computation: the convex sets are listed by testing
    every subset of S ([convex_b]: grow the edges reached from the first
    edge of K through touching edges of K, [length K] rounds).  [convex_b]
    is proved sound; it is complete when the growth has reached a closed
    set, which [decided_b] checks by computation for every subset
    ([convex_b_complete]), so a failure would stop the file from compiling,
    never prove a false statement.  Then τ(A) = ⋂{K listed : A ⊆ K}
    ([hull_edges_spec]) and the generic evaluator of [Nimcert.Avoidance]
    gives the nim number and 𝓜. *)

From Coq Require Import List Arith Lia Bool.
From Nimcert Require Import Mex TreeVertex Avoidance.
Import ListNotations.

(** Subsets listed by [powerset] lie in the list, which is one of them. *)
Lemma powerset_incl (l Q : list nat) : In Q (powerset l) -> incl Q l.
Proof.
  revert Q. induction l as [|x l IH]; simpl; intros Q HQ.
  - destruct HQ as [<-|[]]. intros a [].
  - apply in_app_or in HQ. destruct HQ as [HQ|HQ].
    + apply in_map_iff in HQ. destruct HQ as [Q' [<- HQ']].
      intros a [<-|Ha]; [left; auto|right; now apply (IH Q')].
    + intros a Ha. right. now apply (IH Q).
Qed.

Lemma powerset_self (l : list nat) : In l (powerset l).
Proof.
  induction l as [|x l IH]; simpl; [auto|]. apply in_or_app. left. now apply in_map.
Qed.

Lemma within_b_complete n A : Within n A -> within_b n A = true.
Proof. intros H. unfold within_b. apply forallb_forall. intros a Ha. apply Nat.ltb_lt. auto. Qed.

Lemma incl_b_complete A B : incl A B -> incl_b A B = true.
Proof. intros H. unfold incl_b. apply forallb_forall. intros a Ha. apply tv_mem_spec. auto. Qed.

Section TreeEdges.

Variable nv : nat.
Variable E : list (nat * nat).
Variable W : list nat.

Definition edge (i : nat) : nat * nat := nth i E (0, 0).

Definition touch (i j : nat) : Prop :=
  fst (edge i) = fst (edge j) \/ fst (edge i) = snd (edge j) \/
  snd (edge i) = fst (edge j) \/ snd (edge i) = snd (edge j).

Inductive chain (K : list nat) : nat -> nat -> Prop :=
| chain_one : forall e, In e K -> chain K e e
| chain_step : forall e f g, In e K -> touch e f -> chain K f g -> chain K e g.

Definition ConvexE (K : list nat) : Prop :=
  Within (length E) K /\ forall e f, In e K -> In f K -> chain K e f.

Definition TauE (A : list nat) (v : nat) : Prop :=
  forall K, ConvexE K -> incl A K -> In v K.

Definition NimDNG (k : nat) : Prop :=
  IsTree nv E /\ WinOk (length E) W /\ NimH (length E) W TauE [] k.

Definition MaximalFamily (M : list (list nat)) : Prop :=
  IsTree nv E /\ MaximalFamilyT (length E) W TauE M.

(** ** Chains *)

Lemma touch_sym i j : touch i j -> touch j i.
Proof. unfold touch. intuition. Qed.

Lemma chain_in_l K e f : chain K e f -> In e K.
Proof. intros H. destruct H; auto. Qed.

Lemma chain_snoc K a b c : chain K a b -> touch b c -> In c K -> chain K a c.
Proof.
  intros H. induction H as [e He|e f g He Ht H IH]; intros Hbc Hc.
  - apply (chain_step K e c c); auto. now constructor.
  - apply (chain_step K e f c); auto.
Qed.

Lemma chain_sym K a b : chain K a b -> chain K b a.
Proof.
  intros H. induction H as [e He|e f g He Ht H IH].
  - now constructor.
  - apply (chain_snoc K g f e); auto. now apply touch_sym.
Qed.

Lemma chain_trans K a b c : chain K a b -> chain K b c -> chain K a c.
Proof.
  intros H. induction H as [e He|e f g He Ht H IH]; intros Hc; auto.
  apply (chain_step K e f c); auto.
Qed.

Lemma chain_incl K Q a b : chain K a b -> incl K Q -> chain Q a b.
Proof.
  intros H Hi. induction H as [e He|e f g He Ht H IH].
  - constructor. auto.
  - apply (chain_step Q e f g); auto.
Qed.

Lemma ConvexE_same K Q : same_points K Q -> ConvexE K -> ConvexE Q.
Proof.
  intros Hs [Hw Hc]. split.
  - intros a Ha. apply Hw. apply Hs. exact Ha.
  - intros e f He Hf. apply (chain_incl K); [apply Hc; apply Hs; auto|].
    intros x Hx. apply Hs. exact Hx.
Qed.

(** ** Convexity, computed *)

Definition touch_b (i j : nat) : bool :=
  Nat.eqb (fst (edge i)) (fst (edge j)) || Nat.eqb (fst (edge i)) (snd (edge j)) ||
  Nat.eqb (snd (edge i)) (fst (edge j)) || Nat.eqb (snd (edge i)) (snd (edge j)).

Lemma touch_b_spec i j : touch_b i j = true <-> touch i j.
Proof. unfold touch_b, touch. rewrite !orb_true_iff, !Nat.eqb_eq. tauto. Qed.

(** One round: the edges of K touching a reached edge are reached. *)
Definition grow (K R : list nat) : list nat :=
  R ++ filter (fun f => negb (tv_mem f R) && existsb (fun e => touch_b e f) R) K.

Fixpoint iter (fuel : nat) (K R : list nat) : list nat :=
  match fuel with 0 => R | S f => iter f K (grow K R) end.

Definition reached (K : list nat) : list nat :=
  match K with [] => [] | e0 :: _ => iter (length K) K [e0] end.

Lemma reached_cons e0 K' : reached (e0 :: K') = iter (length (e0 :: K')) (e0 :: K') [e0].
Proof. reflexivity. Qed.

Definition convex_b (K : list nat) : bool := within_b (length E) K && incl_b K (reached K).

(** No edge of K outside R touches an edge of R. *)
Definition closed_b (K R : list nat) : bool :=
  forallb (fun f => tv_mem f R || negb (existsb (fun e => touch_b e f) R)) K.

Lemma iter_sound K e0 : forall fuel R, (forall r, In r R -> chain K e0 r) ->
  forall r, In r (iter fuel K R) -> chain K e0 r.
Proof.
  induction fuel as [|fuel IH]; intros R HR; simpl; auto. apply IH.
  intros r Hr. unfold grow in Hr. apply in_app_or in Hr. destruct Hr as [Hr|Hr]; auto.
  apply filter_In in Hr. destruct Hr as [HrK Hb]. rewrite andb_true_iff in Hb.
  destruct Hb as [_ Hb]. apply existsb_exists in Hb. destruct Hb as [e [He Ht]].
  apply touch_b_spec in Ht. apply (chain_snoc K e0 e r); auto.
Qed.

Lemma iter_keeps K : forall fuel R x, In x R -> In x (iter fuel K R).
Proof.
  induction fuel as [|fuel IH]; intros R x Hx; simpl; auto. apply IH.
  unfold grow. apply in_or_app. auto.
Qed.

Theorem convex_b_sound K : convex_b K = true -> ConvexE K.
Proof.
  unfold convex_b. rewrite andb_true_iff. intros [Hw Hi].
  apply within_b_sound in Hw. apply incl_b_sound in Hi. split; auto.
  destruct K as [|e0 K'] eqn:HK; [intros e f []|]. rewrite <- HK in *.
  assert (He0 : In e0 K) by (rewrite HK; left; auto).
  assert (Hr : forall r, In r (reached K) -> chain K e0 r).
  { rewrite HK, reached_cons. rewrite <- HK. apply iter_sound.
    intros r [<-|[]]. now constructor. }
  intros e f He Hf. apply (chain_trans K e e0 f).
  - apply chain_sym. apply Hr. apply Hi. auto.
  - apply Hr. apply Hi. auto.
Qed.

Lemma closed_b_spec K R : closed_b K R = true ->
  forall e f, In e R -> chain K e f -> In f R.
Proof.
  intros Hc e f He H. revert He. induction H as [e He'|e f g He' Ht H IH]; intros HeR; auto.
  apply IH. unfold closed_b in Hc. rewrite forallb_forall in Hc.
  specialize (Hc f (chain_in_l K f g H)). apply orb_true_iff in Hc.
  destruct Hc as [Hc|Hc]; [now apply tv_mem_spec|].
  apply negb_true_iff in Hc. exfalso.
  assert (Hx : existsb (fun e0 => touch_b e0 f) R = true).
  { apply existsb_exists. exists e. split; auto. now apply touch_b_spec. }
  congruence.
Qed.

Theorem convex_b_complete K : closed_b K (reached K) = true -> ConvexE K -> convex_b K = true.
Proof.
  intros Hc [Hw Hch]. unfold convex_b. rewrite within_b_complete by exact Hw. simpl.
  apply incl_b_complete. destruct K as [|e0 K'] eqn:HK; [intros a []|]. rewrite <- HK in *.
  assert (He0 : In e0 K) by (rewrite HK; left; auto).
  assert (Hr : In e0 (reached K)).
  { rewrite HK, reached_cons. apply iter_keeps. left. auto. }
  intros f Hf. apply (closed_b_spec K (reached K) Hc e0 f Hr). apply Hch; auto.
Qed.

(** ** τ *)

Definition convex_sets : list (list nat) := filter convex_b (powerset (seq 0 (length E))).

Definition decided_b : bool :=
  convex_b (seq 0 (length E)) &&
  forallb (fun K => closed_b K (reached K)) (powerset (seq 0 (length E))).

Lemma hull_edges_spec : decided_b = true -> forall A v, Within (length E) A ->
  (hull_list (length E) convex_sets (charvec (length E) A) v = true <-> TauE A v).
Proof.
  unfold decided_b. rewrite andb_true_iff, forallb_forall. intros [HS Hd] A v HA.
  rewrite hull_list_spec; auto.
  - split.
    + intros H K HK HAK.
      destruct (powerset_complete (seq 0 (length E)) K) as [Q [HQ Hs]].
      { intros a Ha. apply seq_lt. apply HK. exact Ha. }
      assert (HQc : convex_b Q = true).
      { apply convex_b_complete; [now apply Hd|]. now apply (ConvexE_same K). }
      apply Hs. apply H.
      * unfold convex_sets. apply filter_In. auto.
      * intros a Ha. apply Hs. auto.
    + intros H K HK HAK. unfold convex_sets in HK. apply filter_In in HK.
      apply H; auto. now apply convex_b_sound.
  - intros K HK. unfold convex_sets in HK. apply filter_In in HK.
    apply convex_b_sound. tauto.
  - exists (seq 0 (length E)). split.
    + unfold convex_sets. apply filter_In. split; auto. apply powerset_self.
    + intros x Hx. now apply seq_lt.
Qed.

(** ** The per-certificate theorems *)

Definition game_ok_b : bool := is_tree_b nv E && win_ok_b (length E) W && decided_b.

Definition nim_memo : nat := av_memo (length E) W (hull_list (length E) convex_sets).

Theorem nim_dng_by_computation k : game_ok_b = true -> nim_memo = k -> NimDNG k.
Proof.
  unfold game_ok_b. rewrite !andb_true_iff. intros [[Ht Hw] Hd] Hk.
  split; [now apply is_tree_b_sound|split; [now apply win_ok_b_sound|]].
  apply (av_nim_sound (length E) W (hull_list (length E) convex_sets) TauE); auto. now apply hull_edges_spec.
Qed.

Definition maximal_b (M : list (list nat)) : bool :=
  av_maximal_b (length E) W (hull_list (length E) convex_sets) M.

Theorem maximal_family_by_computation M :
  game_ok_b = true -> maximal_b M = true -> MaximalFamily M.
Proof.
  unfold game_ok_b. rewrite !andb_true_iff. intros [[Ht _] Hd] HM.
  split; [now apply is_tree_b_sound|].
  apply (av_maximal_sound (length E) W (hull_list (length E) convex_sets) TauE); auto. now apply hull_edges_spec.
Qed.

End TreeEdges.

(** The nim number is unique. *)
Theorem NimDNG_unique nv E W k k' : NimDNG nv E W k -> NimDNG nv E W k' -> k = k'.
Proof. intros [_ [_ H]] [_ [_ H']]. exact (Nim_unique _ W _ [] k k' H H'). Qed.
