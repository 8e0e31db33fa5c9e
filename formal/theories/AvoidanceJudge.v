(** * Verdicts on avoidance claims, for the extracted judge (issue 24)

    An [Avoidance] certificate claims nim(DNG(S, W)) = k and that M is the
    family of maximal non-generating sets (paper B).  The per-certificate
    files of [nimcert export coq] prove such a claim by applying
    [nim_dng_by_computation] and [maximal_family_by_computation] of the
    geometry's module with goals decided by the virtual machine.  Here the
    same three conditions are one boolean per geometry, so that the judge
    (formal/judge) can evaluate them without [coqc]; each verdict's
    soundness is the two theorems it combines.

    The geometries: a tree's vertices ([TreeVertex]), a tree's edges
    ([TreeEdge]), a closure system given by its convex sets ([Closure]),
    points of Z^2 ([Affine]). *)

From Coq Require Import List Arith Bool ZArith.
From Nimcert Require TreeVertex TreeEdge Closure Affine.

(** The claim of a certificate: the nim number and the maximal family. *)
Local Ltac verdict_sound by_nim by_max :=
  intros H; apply andb_true_iff in H as [H HM]; apply andb_true_iff in H as [Hg Hk];
  apply Nat.eqb_eq in Hk; split; [apply by_nim | apply by_max]; assumption.

(** Vertices of the tree with [n] vertices and edges [E]. *)
Definition tree_vertices_verdict n E W k M : bool :=
  TreeVertex.game_ok_b n E W && (TreeVertex.nim_memo n E W =? k) && TreeVertex.maximal_b n E W M.

Theorem tree_vertices_verdict_sound n E W k M :
  tree_vertices_verdict n E W k M = true ->
  TreeVertex.NimDNG n E W k /\ TreeVertex.MaximalFamily n E W M.
Proof.
  unfold tree_vertices_verdict.
  verdict_sound TreeVertex.nim_dng_by_computation TreeVertex.maximal_family_by_computation.
Qed.

(** Edges of the tree with [nv] vertices and edges [E]. *)
Definition tree_edges_verdict nv E W k M : bool :=
  TreeEdge.game_ok_b nv E W && (TreeEdge.nim_memo E W =? k) && TreeEdge.maximal_b E W M.

Theorem tree_edges_verdict_sound nv E W k M :
  tree_edges_verdict nv E W k M = true ->
  TreeEdge.NimDNG nv E W k /\ TreeEdge.MaximalFamily nv E W M.
Proof.
  unfold tree_edges_verdict.
  verdict_sound TreeEdge.nim_dng_by_computation TreeEdge.maximal_family_by_computation.
Qed.

(** The closure system on [n] points with convex sets [Ks]. *)
Definition closure_verdict n Ks W k M : bool :=
  Closure.game_ok_b n Ks W && (Closure.nim_memo n Ks W =? k) && Closure.maximal_b n Ks W M.

Theorem closure_verdict_sound n Ks W k M :
  closure_verdict n Ks W k M = true ->
  Closure.NimDNG n Ks W k /\ Closure.MaximalFamily n Ks W M.
Proof.
  unfold closure_verdict.
  verdict_sound Closure.nim_dng_by_computation Closure.maximal_family_by_computation.
Qed.

(** The points [pts] of Z^2. *)
Definition affine_verdict pts W k M : bool :=
  Affine.game_ok_b pts W && (Affine.nim_memo pts W =? k) && Affine.maximal_b pts W M.

Theorem affine_verdict_sound pts W k M :
  affine_verdict pts W k M = true -> Affine.NimDNG pts W k /\ Affine.MaximalFamily pts W M.
Proof.
  unfold affine_verdict.
  verdict_sound Affine.nim_dng_by_computation Affine.maximal_family_by_computation.
Qed.
