(** * DNG(S, W) on an explicit closure system (paper B, §2)

    Semantics:
    - S = [0 .. n-1]; [Ks] lists the convex sets (each a list of points);
    - [IsConvexGeometry]: the axioms of paper B, §2, as nimcheck's Rule 1
      checks them: every listed set lies in S, S is listed, the intersection
      of two listed sets is listed, and every listed K ≠ S has a one-point
      convex extension K ∪ {x} listed (x ∈ S \ K); "listed" is up to the
      order of the points;
    - [TauC A v]: v ∈ τ(A) = ⋂{K listed : A ⊆ K};
    - [NimDNG n Ks W k] := IsConvexGeometry ∧ W ≠ ∅, W ⊆ S ∧ the empty
      position of DNG(S, W) has nim value k ([TreeVertex.NimH]);
    - [MaximalFamily n Ks W M]: IsConvexGeometry ∧ 𝓜 = M ([Avoidance.MaximalFamilyT]).

    Proved: [closure_ok_b] decides the axioms ([closure_ok_b_sound]), the
    hull test [hull_list] decides τ ([Avoidance.hull_list_spec]), so
    [nim_dng_by_computation] and [maximal_family_by_computation] follow from
    [Avoidance.av_nim_sound] and [Avoidance.av_maximal_sound]. *)

From Coq Require Import List Arith Lia Bool.
From Nimcert Require Import Mex TreeVertex Avoidance.
Import ListNotations.

Section Closure.

Variable n : nat.
Variable Ks : list (list nat).
Variable W : list nat.

Definition IsConvexGeometry : Prop :=
  (forall K, In K Ks -> Within n K) /\
  (exists K, In K Ks /\ forall x, x < n -> In x K) /\
  (forall K1 K2, In K1 Ks -> In K2 Ks ->
     exists K3, In K3 Ks /\ forall x, In x K3 <-> In x K1 /\ In x K2) /\
  (forall K, In K Ks -> (exists x, x < n /\ ~ In x K) ->
     exists x K', x < n /\ ~ In x K /\ In K' Ks /\ forall y, In y K' <-> y = x \/ In y K).

Definition TauC (A : list nat) (v : nat) : Prop := forall K, In K Ks -> incl A K -> In v K.

Definition NimDNG (k : nat) : Prop := IsConvexGeometry /\ WinOk n W /\ NimH n W TauC [] k.

Definition MaximalFamily (M : list (list nat)) : Prop :=
  IsConvexGeometry /\ MaximalFamilyT n W TauC M.

(** ** The axioms, decided *)

Definition full_b (K : list nat) : bool := forallb (fun x => tv_mem x K) (seq 0 n).

Definition same_b (A B : list nat) : bool := incl_b A B && incl_b B A.

Definition closure_ok_b : bool :=
  forallb (within_b n) Ks &&
  existsb full_b Ks &&
  forallb (fun K1 => forallb (fun K2 =>
    existsb (fun K3 => same_b K3 (filter (fun x => tv_mem x K2) K1)) Ks) Ks) Ks &&
  forallb (fun K => full_b K || existsb (fun x => negb (tv_mem x K) &&
    existsb (fun K' => same_b K' (x :: K)) Ks) (seq 0 n)) Ks.

Lemma full_b_spec K : full_b K = true <-> forall x, x < n -> In x K.
Proof.
  unfold full_b. rewrite forallb_forall. split; intros H x Hx.
  - apply tv_mem_spec. apply H. now apply seq_lt.
  - apply tv_mem_spec. apply H. now apply seq_lt.
Qed.

Lemma same_b_sound A B : same_b A B = true -> forall x, In x A <-> In x B.
Proof.
  unfold same_b. rewrite andb_true_iff. intros [H1 H2] x.
  split; [apply (incl_b_sound A B H1)|apply (incl_b_sound B A H2)].
Qed.

Theorem closure_ok_b_sound : closure_ok_b = true -> IsConvexGeometry.
Proof.
  unfold closure_ok_b. rewrite !andb_true_iff, !forallb_forall.
  intros [[[Hw Hs] Hi] He]. split; [|split; [|split]].
  - intros K HK. apply within_b_sound. auto.
  - apply existsb_exists in Hs. destruct Hs as [K [HK Hf]].
    exists K. split; auto. now apply full_b_spec.
  - intros K1 K2 H1 H2. specialize (Hi K1 H1). rewrite forallb_forall in Hi.
    specialize (Hi K2 H2). apply existsb_exists in Hi. destruct Hi as [K3 [H3 Hs3]].
    exists K3. split; auto. intros x. rewrite (same_b_sound _ _ Hs3 x), filter_In, tv_mem_spec.
    tauto.
  - intros K HK [x [Hx HxK]]. specialize (He K HK). apply orb_true_iff in He.
    destruct He as [Hf|Hx'].
    + exfalso. apply HxK. apply full_b_spec; auto.
    + apply existsb_exists in Hx'. destruct Hx' as [y [Hy Hb]].
      rewrite andb_true_iff, negb_true_iff, tv_mem_false in Hb. destruct Hb as [HyK Hb].
      apply existsb_exists in Hb. destruct Hb as [K' [HK' Hs']].
      exists y, K'. split; [now apply seq_lt|split; [exact HyK|split; [exact HK'|]]].
      intros z. rewrite (same_b_sound _ _ Hs' z). simpl. split; intros [H|H]; auto.
Qed.

(** ** The per-certificate theorems *)

Lemma hull_closure_spec : IsConvexGeometry ->
  forall A v, Within n A -> (hull_list n Ks (charvec n A) v = true <-> TauC A v).
Proof.
  intros [Hin [HS _]] A v HA. apply hull_list_spec; auto.
Qed.

Definition game_ok_b : bool := closure_ok_b && win_ok_b n W.

Definition nim_memo : nat := av_memo n W (hull_list n Ks).

Theorem nim_dng_by_computation k : game_ok_b = true -> nim_memo = k -> NimDNG k.
Proof.
  unfold game_ok_b. rewrite andb_true_iff. intros [Hg Hw] Hk.
  apply closure_ok_b_sound in Hg. split; [exact Hg|split; [now apply win_ok_b_sound|]].
  apply (av_nim_sound n W (hull_list n Ks) TauC); auto. now apply hull_closure_spec.
Qed.

Definition maximal_b (M : list (list nat)) : bool := av_maximal_b n W (hull_list n Ks) M.

Theorem maximal_family_by_computation M :
  game_ok_b = true -> maximal_b M = true -> MaximalFamily M.
Proof.
  unfold game_ok_b. rewrite andb_true_iff. intros [Hg _] HM.
  apply closure_ok_b_sound in Hg. split; [exact Hg|].
  apply (av_maximal_sound n W (hull_list n Ks) TauC); auto. now apply hull_closure_spec.
Qed.

End Closure.

(** The nim number is unique. *)
Theorem NimDNG_unique n Ks W k k' : NimDNG n Ks W k -> NimDNG n Ks W k' -> k = k'.
Proof. intros [_ [_ H]] [_ [_ H']]. exact (Nim_unique n W _ [] k k' H H'). Qed.
