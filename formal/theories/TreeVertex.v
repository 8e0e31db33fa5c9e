(** * Avoidance games DNG(S, W) on the vertex geometry of a tree (paper B, §5)

    Semantics, stated as in the paper (no computation):
    - a graph on the vertices [0 .. n-1] given by an edge list [E]; [IsTree]:
      edges inside [0 .. n-1], n − 1 of them, any two vertices joined by a path;
    - [path a b p]: p lists pairwise distinct vertices from a to b, consecutive
      ones adjacent;
    - [Convex K]: K ⊆ S and any two points of K are joined by a path inside K
      (the vertex sets of subtrees, and ∅);
    - [Tau A v]: v ∈ τ(A), the smallest convex set containing A (v is in every
      convex set containing A);
    - DNG(S, W), S = [0 .. n-1]: a position is the list of points chosen so
      far, starting from []; [MoveH Tau P x]: x ∈ S is unchosen and
      W ⊄ τ(x :: P);
    - [NimH Tau P k]: k is the nim value of P by the mex rule (inductively: k
      differs from every option's value, every smaller number is the value of
      an option).  [Nim_unique]: a position has at most one nim value;
    - [NimDNG n E W k] := IsTree ∧ (W ≠ [] ∧ W ⊆ S) ∧ NimH Tau [] k, i.e.
      "(n, E) is a tree and nim(DNG(S, W)) = k on its vertex geometry".

    Proved link between the semantics and the computation:
    - [Hull A v]: v lies on a path between two points of A;
      [Hull_iff_Tau]: Hull = τ on a tree whose paths are unique ([unique_b],
      a computed test), and [Nim_transfer] moves nim values from one to the
      other;
    - [all_paths]: every path, by depth-first search ([all_paths_sound],
      [all_paths_complete]); [hull_b_spec]: the executable test is [Hull];
    - [nim_exec]: memo-free exhaustive evaluation, [nim_exec_sound];
    - [nim_memo]: the same with a table keyed by the set of chosen points and a
      faster move test, [nim_memo_eq : nim_memo = nim_exec];
    - [nim_dng_by_computation]: [game_ok_b n E W = true] (tree, W, unique
      paths) and [nim_memo n E W = k] give [NimDNG n E W k].  The exported
      certificate files apply it and leave the two computations to [vm_compute].

    The mex is the shared [Nimcert.Mex]. *)

From Coq Require Import List Arith Lia Bool PArith FMapPositive.
From Nimcert Require Import Mex.
Import ListNotations.

(** ** Membership (the mex is [Nimcert.Mex]) *)

Fixpoint tv_mem (x : nat) (l : list nat) : bool :=
  match l with
  | [] => false
  | y :: l' => Nat.eqb x y || tv_mem x l'
  end.

Lemma tv_mem_spec x l : tv_mem x l = true <-> In x l.
Proof.
  induction l as [|y l IH]; simpl; [split; [discriminate|tauto]|].
  rewrite orb_true_iff, Nat.eqb_eq, IH. split; intros [H|H]; auto.
Qed.

Lemma tv_mem_false x l : tv_mem x l = false <-> ~ In x l.
Proof.
  rewrite <- tv_mem_spec. destruct (tv_mem x l); split; congruence.
Qed.

(** ** Semantics *)

Section Semantics.

(** The number of vertices, the edges, and W. *)
Variable n : nat.
Variable E : list (nat * nat).
Variable W : list nat.

Definition adj (u v : nat) : Prop := In (u, v) E \/ In (v, u) E.

(** A walk: a non-empty list of vertices, consecutive ones adjacent. *)
Inductive walk : list nat -> Prop :=
| walk_one : forall v, walk [v]
| walk_cons : forall u v p, adj u v -> walk (v :: p) -> walk (u :: v :: p).

(** A path from [a] to [b]: a walk without repeated vertices that starts at
    [a] and ends at [b]. *)
Definition path (a b : nat) (p : list nat) : Prop :=
  walk p /\ NoDup p /\ hd_error p = Some a /\ last p a = b.

(** The convex sets of the vertex geometry (paper B, §5): the vertex sets of
    subtrees, i.e. the sets K ⊆ S in which any two points are joined by a
    path inside K (the empty set included). *)
Definition Convex (K : nat -> Prop) : Prop :=
  (forall x, K x -> x < n) /\
  (forall u w, K u -> K w -> exists p, path u w p /\ forall x, In x p -> K x).

(** τ(A), the smallest convex set containing A: v ∈ τ(A) iff v belongs to
    every convex set containing A. *)
Definition Tau (A : list nat) (v : nat) : Prop :=
  forall K, Convex K -> (forall a, In a A -> K a) -> K v.

(** The same hull described by paths: v lies on a path between two (not
    necessarily distinct) points of A.  [Hull_iff_Tau] shows that the two
    agree on trees (given unique paths, checked per tree by [unique_b]). *)
Definition Hull (A : list nat) (v : nat) : Prop :=
  exists a b p, In a A /\ In b A /\ path a b p /\ In v p.

(** The edge list is a tree on [0 .. n-1]: every edge joins two vertices of
    [0 .. n-1], there are n − 1 edges, and any two vertices are joined by a
    path.  (A connected graph on n vertices with n − 1 edges is a tree; a loop
    or a repeated edge would leave it disconnected.) *)
Definition IsTree : Prop :=
  0 < n /\
  (forall u v, In (u, v) E -> u < n /\ v < n) /\
  length E = n - 1 /\
  (forall u v, u < n -> v < n -> exists p, path u v p).

(** Two sanity checks of τ: τ(∅) = ∅ and A ⊆ τ(A). *)
Lemma Tau_empty v : ~ Tau [] v.
Proof.
  intros H. apply (H (fun _ => False)); [|intros a []].
  split; [intros x []|intros u w []].
Qed.

Lemma Tau_extensive A a : In a A -> Tau A a.
Proof. intros Ha K _ HK. auto. Qed.

(** A legal move of DNG(S, W) from P, for a hull operator H (τ, or the
    equivalent [Hull]): an unchosen point x of S = [0 .. n-1] with
    W ⊄ H(x :: P). *)
Definition MoveH (H : list nat -> nat -> Prop) (P : list nat) (x : nat) : Prop :=
  x < n /\ ~ In x P /\ ~ (forall w, In w W -> H (x :: P) w).

(** [NimH H P k]: the nim value of position P is k, by the mex rule.  [f x]
    is the value of the option reached by the move x; k is different from
    every option's value, and every smaller number is an option's value. *)
Inductive NimH (H : list nat -> nat -> Prop) : list nat -> nat -> Prop :=
| nim_mex : forall P k (f : nat -> nat),
    (forall x, MoveH H P x -> NimH H (x :: P) (f x)) ->
    (forall x, MoveH H P x -> f x <> k) ->
    (forall j, j < k -> exists x, MoveH H P x /\ f x = j) ->
    NimH H P k.

(** Every position has at most one nim value. *)
Theorem Nim_unique H : forall P k k', NimH H P k -> NimH H P k' -> k = k'.
Proof.
  intros P k k' HN. revert k'.
  induction HN as [P k f Hopt IH Hne Hall]; intros k' H'.
  inversion H' as [P0 k0 f' Hopt' Hne' Hall']; subst.
  assert (Hf : forall x, MoveH H P x -> f x = f' x) by (intros x Hx; apply IH; auto).
  destruct (lt_eq_lt_dec k k') as [[Hlt|Heq]|Hgt]; auto; exfalso.
  - destruct (Hall' k Hlt) as [x [Hx Hfx]].
    apply (Hne x Hx). rewrite Hf; auto.
  - destruct (Hall k' Hgt) as [x [Hx Hfx]].
    apply (Hne' x Hx). rewrite <- Hf; auto.
Qed.

(** Two hull operators that agree on subsets of S give the same nim values. *)
Lemma Nim_transfer (H1 H2 : list nat -> nat -> Prop) :
  (forall A v, (forall a, In a A -> a < n) -> (H1 A v <-> H2 A v)) ->
  forall P k, (forall a, In a P -> a < n) -> NimH H1 P k -> NimH H2 P k.
Proof.
  intros Heq P k HP HN. revert HP.
  induction HN as [P k f Hopt IH Hne Hall]; intros HP.
  assert (HM : forall x, MoveH H1 P x <-> MoveH H2 P x).
  { intros x. unfold MoveH. split; intros [Hx [Hn Hw]]; split; auto; split; auto;
      intros Hall'; apply Hw; intros w Hw'; apply (Heq (x :: P) w);
      try (intros a [<-|Ha]; auto); auto. }
  refine (nim_mex H2 P k f _ _ _).
  - intros x Hx. apply HM in Hx. apply IH; auto. destruct Hx as [Hx _].
    intros a [<-|Ha]; auto.
  - intros x Hx. apply Hne. now apply HM.
  - intros j Hj. destruct (Hall j Hj) as [x [Hx Hfx]]. exists x. split; auto.
    now apply HM.
Qed.

Local Notation Move := (MoveH Hull).
Local Notation Nim := (NimH Hull).

(** ** Computation *)

(** The neighbours of u. *)
Definition nbrs (u : nat) : list nat :=
  flat_map (fun e => (if Nat.eqb (fst e) u then [snd e] else [])
                     ++ (if Nat.eqb (snd e) u then [fst e] else [])) E.

Lemma adj_sym u v : adj u v -> adj v u.
Proof. unfold adj; tauto. Qed.

Lemma in_nbrs u v : In v (nbrs u) <-> adj u v.
Proof.
  unfold nbrs, adj. rewrite in_flat_map. split.
  - intros [[a b] [He Hv]]. simpl in Hv. apply in_app_or in Hv.
    destruct Hv as [Hv|Hv].
    + destruct (Nat.eqb_spec a u); [|contradiction].
      destruct Hv as [<-|[]]; subst; auto.
    + destruct (Nat.eqb_spec b u); [|contradiction].
      destruct Hv as [<-|[]]; subst; auto.
  - intros [H|H].
    + exists (u, v). simpl. rewrite Nat.eqb_refl. simpl. auto.
    + exists (v, u). simpl. rewrite Nat.eqb_refl. split; auto.
      apply in_or_app. right. simpl. auto.
Qed.

(** Depth-first extension of the reversed path p (its head is the vertex
    reached last) by up to [fuel] further vertices: every simple path that
    ends with p. *)
Fixpoint ext (fuel : nat) (p : list nat) : list (list nat) :=
  match fuel with
  | 0 => [p]
  | S f =>
      p :: flat_map (fun v => if tv_mem v p then [] else ext f (v :: p))
                    (match p with [] => [] | u :: _ => nbrs u end)
  end.

(** All paths of the graph (each path once per direction). *)
Definition all_paths : list (list nat) := flat_map (fun a => ext n [a]) (seq 0 n).

Lemma ext_sound f p q :
  In q (ext f p) -> walk p -> NoDup p -> p <> [] ->
  walk q /\ NoDup q /\ exists r, q = r ++ p.
Proof.
  revert p. induction f as [|f IH]; intros p Hq Hw Hd Hne; simpl in Hq.
  - destruct Hq as [<-|[]]. split; [|split]; auto. exists []. reflexivity.
  - destruct Hq as [<-|Hq].
    + split; [|split]; auto. exists []. reflexivity.
    + apply in_flat_map in Hq. destruct Hq as [v [Hv Hq]].
      destruct p as [|u p']; [contradiction|].
      destruct (tv_mem v (u :: p')) eqn:Hm; [destruct Hq|].
      apply tv_mem_false in Hm. apply in_nbrs in Hv.
      destruct (IH (v :: u :: p') Hq) as [Hw' [Hd' [r Hr]]].
      * constructor; auto. now apply adj_sym.
      * now constructor.
      * discriminate.
      * split; [|split]; auto. exists (r ++ [v]). rewrite Hr, <- app_assoc. reflexivity.
Qed.

Lemma walk_suffix l m : walk (l ++ m) -> m <> [] -> walk m.
Proof.
  induction l as [|x l IH]; simpl; auto. intros Hw Hm.
  apply IH; auto. inversion Hw; subst.
  - destruct l; destruct m; simpl in *; congruence.
  - assumption.
Qed.

Lemma NoDup_suffix (l m : list nat) : NoDup (l ++ m) -> NoDup m.
Proof.
  induction l as [|x l IH]; simpl; auto. intros H. inversion H; auto.
Qed.

Lemma ext_head f p : In p (ext f p).
Proof. destruct f; simpl; auto. Qed.

Lemma ext_complete r : forall f p,
  walk (rev r ++ p) -> NoDup (rev r ++ p) -> p <> [] -> length r <= f ->
  In (rev r ++ p) (ext f p).
Proof.
  induction r as [|v r IH]; intros f p Hw Hd Hne Hlen; simpl in *.
  - apply ext_head.
  - rewrite <- app_assoc in *. simpl in *.
    destruct f as [|f]; [lia|]. simpl. right.
    apply in_flat_map. destruct p as [|u p']; [congruence|].
    exists v. split.
    + apply walk_suffix in Hw; [|discriminate]. inversion Hw; subst.
      apply in_nbrs. now apply adj_sym.
    + pose proof (NoDup_suffix _ _ Hd) as Hd2. inversion Hd2 as [|? ? Hnotin Hd']; subst.
      apply tv_mem_false in Hnotin. rewrite Hnotin.
      apply IH; auto; try discriminate; try lia.
Qed.

Definition edges_ok : Prop := forall u v, In (u, v) E -> u < n /\ v < n.

Lemma walk_bound q : edges_ok -> walk q ->
  (forall a, hd_error q = Some a -> a < n) -> forall x, In x q -> x < n.
Proof.
  intros Hok Hw. induction Hw as [v|u v p Ha Hw IH]; intros Hh x Hx.
  - destruct Hx as [<-|[]]. now apply Hh.
  - destruct Ha as [Ha|Ha]; apply Hok in Ha.
    + destruct Hx as [<-|Hx]; [lia|]. apply IH; auto. simpl. intros a [= <-]. lia.
    + destruct Hx as [<-|Hx]; [lia|]. apply IH; auto. simpl. intros a [= <-]. lia.
Qed.

Lemma NoDup_bounded_length l : NoDup l -> (forall x, In x l -> x < n) -> length l <= n.
Proof.
  intros Hd Hb. replace n with (length (seq 0 n)) by apply seq_length.
  apply NoDup_incl_length; auto. intros x Hx. apply in_seq. specialize (Hb x Hx). lia.
Qed.

Lemma last_default (q : list nat) d d' : q <> [] -> last q d = last q d'.
Proof.
  induction q as [|x q IH]; [congruence|]. intros _. destruct q; auto.
  simpl. apply IH. discriminate.
Qed.

Lemma last_app_single (l : list nat) a d : last (l ++ [a]) d = a.
Proof. induction l as [|x l IH]; auto. simpl. rewrite IH. destruct l; reflexivity. Qed.

Lemma all_paths_sound q : In q all_paths -> walk q /\ NoDup q /\ q <> [].
Proof.
  unfold all_paths. rewrite in_flat_map. intros [a [_ Hq]].
  destruct (ext_sound n [a] q Hq) as [Hw [Hd [r ->]]]; auto using walk_one.
  - repeat constructor. intros [].
  - discriminate.
  - split; [|split]; auto. destruct r; discriminate.
Qed.

Lemma all_paths_complete q : edges_ok -> walk q -> NoDup q ->
  (forall a, hd_error q = Some a -> a < n) -> In q all_paths.
Proof.
  intros Hok Hw Hd Hh.
  assert (Hb := walk_bound q Hok Hw Hh).
  assert (Hl := NoDup_bounded_length q Hd Hb).
  assert (Hne : q <> []) by (inversion Hw; discriminate).
  destruct (exists_last Hne) as [q' [a Hq]]. subst q.
  unfold all_paths. apply in_flat_map. exists a. split.
  - apply in_seq. assert (a < n) by (apply Hb; apply in_or_app; simpl; auto). lia.
  - rewrite <- (rev_involutive q') in *. apply ext_complete; auto.
    + discriminate.
    + rewrite app_length, rev_length in Hl. simpl in Hl. lia.
Qed.

(** The end vertices of a non-empty list. *)
Definition first (q : list nat) : nat := match q with [] => 0 | a :: _ => a end.

(** Executable hull test, given the list of all paths. *)
Definition hull_b (ps : list (list nat)) (A : list nat) (v : nat) : bool :=
  existsb (fun q => tv_mem v q && tv_mem (first q) A && tv_mem (last q 0) A) ps.

Lemma path_of_listed q : In q all_paths -> path (first q) (last q 0) q.
Proof.
  intros Hq. destruct (all_paths_sound q Hq) as [Hw [Hd Hne]].
  destruct q as [|a q']; [congruence|].
  split; [|split; [|split]]; auto. simpl first. apply last_default. discriminate.
Qed.

Lemma hull_b_spec A v : edges_ok -> (forall a, In a A -> a < n) ->
  (hull_b all_paths A v = true <-> Hull A v).
Proof.
  intros Hok HA. unfold hull_b. rewrite existsb_exists. split.
  - intros [q [Hq Hb]]. rewrite !andb_true_iff, !tv_mem_spec in Hb.
    destruct Hb as [[Hv Ha] Hb].
    exists (first q), (last q 0), q. split; [|split; [|split]]; auto.
    now apply path_of_listed.
  - intros [a [b [q [Ha [Hb [[Hw [Hd [Hh Hl]]] Hv]]]]]].
    exists q. split.
    + apply all_paths_complete; auto. intros a' Ha'. rewrite Hh in Ha'.
      injection Ha' as <-. auto.
    + destruct q as [|a' q']; [discriminate|]. simpl in Hh. injection Hh as ->.
      rewrite !andb_true_iff, !tv_mem_spec. simpl first.
      rewrite (last_default _ 0 a) by discriminate. rewrite Hl. auto.
Qed.

(** An executable legal-move test and the exhaustive (memo-free) nim value. *)
Definition move_b (ps : list (list nat)) (P : list nat) (x : nat) : bool :=
  negb (tv_mem x P) && negb (forallb (hull_b ps (x :: P)) W).

Fixpoint nim_go (ps : list (list nat)) (fuel : nat) (P : list nat) : nat :=
  match fuel with
  | 0 => 0
  | S f => mex (map (fun x => nim_go ps f (x :: P)) (filter (move_b ps P) (seq 0 n)))
  end.

(** The nim number of DNG(S, W), computed. *)
Definition nim_exec : nat := nim_go all_paths n [].

Lemma move_b_spec P x : edges_ok -> (forall a, In a P -> a < n) -> x < n ->
  (move_b all_paths P x = true <-> Move P x).
Proof.
  intros Hok HP Hx. unfold move_b, MoveH.
  assert (HA : forall a, In a (x :: P) -> a < n) by (intros a [<-|Ha]; auto).
  rewrite andb_true_iff, !negb_true_iff, tv_mem_false.
  rewrite <- not_true_iff_false, forallb_forall.
  split.
  - intros [Hn Hf]. split; [|split]; auto. intros Hall. apply Hf. intros w Hw.
    apply hull_b_spec; auto.
  - intros [_ [Hn Hf]]. split; auto. intros Hall. apply Hf. intros w Hw.
    apply hull_b_spec; auto.
Qed.

Lemma full_no_move P x : NoDup P -> (forall a, In a P -> a < n) -> n <= length P ->
  ~ Move P x.
Proof.
  intros Hd HP Hl [Hx [Hn _]].
  assert (H : length (x :: P) <= n).
  { apply NoDup_bounded_length; [now constructor|]. intros a [<-|Ha]; auto. }
  simpl in H. lia.
Qed.

Lemma nim_go_sound : edges_ok -> forall f P, NoDup P -> (forall a, In a P -> a < n) ->
  n <= length P + f -> Nim P (nim_go all_paths f P).
Proof.
  intros Hok. induction f as [|f IH]; intros P Hd HP Hl; simpl.
  - refine (nim_mex Hull P 0 (fun _ => 0) _ _ _).
    + intros x Hx. exfalso. apply (full_no_move P x); auto. lia.
    + intros x Hx. exfalso. apply (full_no_move P x); auto. lia.
    + intros j Hj. lia.
  - set (L := map (fun x => nim_go all_paths f (x :: P))
                  (filter (move_b all_paths P) (seq 0 n))).
    assert (HinL : forall x, Move P x -> In (nim_go all_paths f (x :: P)) L).
    { intros x Hx. unfold L. apply (in_map (fun y => nim_go all_paths f (y :: P))).
      apply filter_In. split.
      - apply in_seq. destruct Hx. lia.
      - apply move_b_spec; auto. destruct Hx; auto. }
    refine (nim_mex Hull P _ (fun x => nim_go all_paths f (x :: P)) _ _ _).
    + intros x Hx. destruct Hx as [Hxn [HxP Hw]]. apply IH.
      * now constructor.
      * intros a [<-|Ha]; auto.
      * simpl. lia.
    + intros x Hx Heq. apply (mex_not_In L). rewrite <- Heq. auto.
    + intros j Hj. apply mex_below_In in Hj. unfold L in Hj.
      apply in_map_iff in Hj. destruct Hj as [x [Hj Hx]].
      apply filter_In in Hx. destruct Hx as [Hx Hm]. apply in_seq in Hx.
      exists x. split; auto. apply move_b_spec in Hm; auto. lia.
Qed.

(** Soundness: if the edges are inside [0 .. n-1], the computed value is the
    nim number of DNG(S, W). *)
Theorem nim_exec_sound : edges_ok -> Nim [] nim_exec.
Proof.
  intros Hok. apply nim_go_sound; auto.
  - constructor.
  - intros a [].
Qed.

(** ** A memoized evaluator

    [memo_go] computes the same numbers as [nim_go] but evaluates each set of
    chosen points once, keeping the values in a table keyed by the set's
    characteristic vector.  [memo_go_correct] proves it equal to [nim_go]. *)

(** Positions with the same points have the same nim values. *)
Definition same_points (P Q : list nat) : Prop := forall x, In x P <-> In x Q.

Lemma Hull_same A B v : same_points A B -> Hull A v -> Hull B v.
Proof.
  intros H [a [b [p [Ha [Hb Hp]]]]]. exists a, b, p. rewrite <- !(H _). auto.
Qed.

Lemma Move_same P Q x : same_points P Q -> Move P x -> Move Q x.
Proof.
  intros H [Hx [Hn Hw]]. split; [|split]; auto.
  - rewrite <- (H x). auto.
  - intros Hall. apply Hw. intros w Hw'. apply (Hull_same (x :: Q)); auto.
    intros y. simpl. rewrite (H y). tauto.
Qed.

Lemma Nim_same P Q k : Nim P k -> same_points P Q -> Nim Q k.
Proof.
  intros HN. revert Q. induction HN as [P k f Hopt IH Hne Hall]; intros Q HPQ.
  assert (HQP : same_points Q P) by (intros y; rewrite (HPQ y); tauto).
  refine (nim_mex Hull Q k f _ _ _).
  - intros x Hx. apply IH; [now apply (Move_same Q P)|].
    intros y. simpl. rewrite (HPQ y). tauto.
  - intros x Hx. apply Hne. now apply (Move_same Q P).
  - intros j Hj. destruct (Hall j Hj) as [x [Hx Hfx]]. exists x. split; auto.
    now apply (Move_same P Q).
Qed.

(** The key of a position: its characteristic vector on [0 .. n-1], as a
    binary number. *)
Fixpoint bits_key (bs : list bool) : positive :=
  match bs with
  | [] => xH
  | true :: bs' => xI (bits_key bs')
  | false :: bs' => xO (bits_key bs')
  end.

Lemma bits_key_inj bs cs : bits_key bs = bits_key cs -> bs = cs.
Proof.
  revert cs. induction bs as [|b bs IH]; intros [|c cs]; simpl; try destruct b;
    try destruct c; intros H; try discriminate; auto;
    injection H as H; f_equal; auto.
Qed.

(** The characteristic vector of P on [0 .. n-1]. *)
Definition charvec (P : list nat) : list bool := map (fun i => tv_mem i P) (seq 0 n).

Definition pos_key (P : list nat) : positive := bits_key (charvec P).

Lemma charvec_nth P a : (forall b, In b P -> b < n) -> nth a (charvec P) false = tv_mem a P.
Proof.
  intros HP. unfold charvec. destruct (Nat.lt_ge_cases a n) as [Ha|Ha].
  - rewrite (nth_indep _ false (tv_mem 0 P)) by now rewrite map_length, seq_length.
    rewrite (map_nth (fun i => tv_mem i P)), seq_nth by exact Ha. reflexivity.
  - rewrite nth_overflow by now rewrite map_length, seq_length.
    symmetry. apply tv_mem_false. intros Hin. specialize (HP a Hin). lia.
Qed.

Lemma pos_key_same P Q : (forall a, In a P -> a < n) -> (forall a, In a Q -> a < n) ->
  pos_key P = pos_key Q -> same_points P Q.
Proof.
  intros HP HQ Hk. apply bits_key_inj in Hk. unfold charvec in Hk.
  assert (Hm : forall x, x < n -> tv_mem x P = tv_mem x Q).
  { intros x Hx.
    assert (E1 := map_nth (fun i => tv_mem i P) (seq 0 n) 0 x).
    assert (E2 := map_nth (fun i => tv_mem i Q) (seq 0 n) 0 x).
    rewrite seq_nth in E1, E2 by exact Hx. simpl in E1, E2.
    rewrite <- E1, <- E2, Hk. apply nth_indep. now rewrite map_length, seq_length. }
  intros x. split; intros H.
  - apply tv_mem_spec. rewrite <- Hm by auto. now apply tv_mem_spec.
  - apply tv_mem_spec. rewrite Hm by auto. now apply tv_mem_spec.
Qed.

Definition table := PositiveMap.t nat.

(** Evaluates [g] on each of xs in turn, threading the table. *)
Fixpoint thread (g : nat -> table -> nat * table) (xs : list nat) (t : table)
  : list nat * table :=
  match xs with
  | [] => ([], t)
  | x :: xs' =>
      let (v, t1) := g x t in
      let (vs, t2) := thread g xs' t1 in (v :: vs, t2)
  end.

(** A faster legal-move test: for each w of W, the end vertices of the paths
    through w, listed once ([through]). *)
Definition through (ps : list (list nat)) (v : nat) : list (nat * nat) :=
  map (fun q => (first q, last q 0)) (filter (tv_mem v) ps).

Definition hull_fast (pw : list (nat * nat)) (A : list nat) : bool :=
  existsb (fun ab => tv_mem (fst ab) A && tv_mem (snd ab) A) pw.

Definition move_fast (tw : list (list (nat * nat))) (P : list nat) (x : nat) : bool :=
  negb (tv_mem x P) && negb (forallb (fun pw => hull_fast pw (x :: P)) tw).

Lemma hull_fast_eq ps A v : hull_fast (through ps v) A = hull_b ps A v.
Proof.
  unfold hull_fast, through, hull_b. induction ps as [|q ps IH]; simpl; auto.
  destruct (tv_mem v q); simpl; rewrite IH; auto.
Qed.

Lemma move_fast_eq ps P x : move_fast (map (through ps) W) P x = move_b ps P x.
Proof.
  unfold move_fast, move_b. f_equal. f_equal.
  induction W as [|w W' IH]; simpl; auto. rewrite hull_fast_eq, IH. reflexivity.
Qed.

(** The same test reading membership in P from its characteristic vector. *)
Definition in_cv (cv : list bool) (x a : nat) : bool := Nat.eqb a x || nth a cv false.

Definition move_cv (tw : list (list (nat * nat))) (cv : list bool) (x : nat) : bool :=
  negb (nth x cv false) &&
  negb (forallb (fun pw => existsb (fun ab => in_cv cv x (fst ab) && in_cv cv x (snd ab)) pw) tw).

Lemma move_cv_eq tw P x : (forall b, In b P -> b < n) ->
  move_cv tw (charvec P) x = move_fast tw P x.
Proof.
  intros HP. unfold move_cv, move_fast, hull_fast, in_cv.
  assert (Hm : forall a, Nat.eqb a x || nth a (charvec P) false = tv_mem a (x :: P)).
  { intros a. rewrite charvec_nth by exact HP. reflexivity. }
  rewrite charvec_nth by exact HP. f_equal. f_equal.
  induction tw as [|pw tw IH]; simpl; auto. rewrite IH. f_equal.
  induction pw as [|ab pw IHp]; simpl; auto. rewrite IHp, !Hm. reflexivity.
Qed.

Lemma filter_ext_eq (f g : nat -> bool) l : (forall x, f x = g x) -> filter f l = filter g l.
Proof. intros H. induction l as [|x l IH]; simpl; auto. rewrite H, IH. reflexivity. Qed.

Fixpoint memo_go (mv : list bool -> nat -> bool) (fuel : nat) (P : list nat) (t : table)
  : nat * table :=
  match fuel with
  | 0 => (0, t)
  | S f =>
      let cv := charvec P in
      let k := bits_key cv in
      match PositiveMap.find k t with
      | Some v => (v, t)
      | None =>
          let (vs, t') := thread (fun x => memo_go mv f (x :: P))
                                 (filter (mv cv) (seq 0 n)) t in
          let v := mex vs in (v, PositiveMap.add k v t')
      end
  end.

(** The nim number of DNG(S, W), computed with the table. *)
Definition nim_memo : nat :=
  let tw := map (through all_paths) W in
  fst (memo_go (move_cv tw) n [] (PositiveMap.empty nat)).

(** Every entry of the table is the nim value of the positions with its key. *)
Definition table_sound (t : table) : Prop :=
  forall P v, NoDup P -> (forall a, In a P -> a < n) ->
    PositiveMap.find (pos_key P) t = Some v -> Nim P v.

Lemma thread_correct (g : nat -> table -> nat * table) (h : nat -> nat) xs :
  (forall x t, In x xs -> table_sound t -> fst (g x t) = h x /\ table_sound (snd (g x t))) ->
  forall t, table_sound t ->
  fst (thread g xs t) = map h xs /\ table_sound (snd (thread g xs t)).
Proof.
  intros Hg. induction xs as [|x xs IH]; intros t Ht; simpl; auto.
  destruct (Hg x t (or_introl eq_refl) Ht) as [Hv Ht1].
  destruct (g x t) as [v t1]. simpl in *.
  destruct (IH (fun y t0 Hy => Hg y t0 (or_intror Hy)) t1 Ht1) as [Hvs Ht2].
  destruct (thread g xs t1) as [vs t2]. simpl in *. subst. auto.
Qed.

Lemma memo_go_correct mv : edges_ok ->
  (forall P x, (forall b, In b P -> b < n) -> mv (charvec P) x = move_b all_paths P x) ->
  forall f P t,
  NoDup P -> (forall a, In a P -> a < n) -> n <= length P + f -> table_sound t ->
  fst (memo_go mv f P t) = nim_go all_paths f P /\
  table_sound (snd (memo_go mv f P t)).
Proof.
  intros Hok Hmv. induction f as [|f IH]; intros P t Hd HP Hl Ht; simpl; auto.
  fold (pos_key P).
  destruct (PositiveMap.find (pos_key P) t) as [v|] eqn:Hfind.
  - simpl. split; auto. apply (Nim_unique Hull P); [now apply (Ht P v)|].
    apply (nim_go_sound Hok (S f)); auto.
  - rewrite (filter_ext_eq (mv (charvec P)) (move_b all_paths P)) by auto.
    set (xs := filter (move_b all_paths P) (seq 0 n)).
    assert (Hxs : forall x, In x xs -> NoDup (x :: P) /\
                  (forall a, In a (x :: P) -> a < n) /\ n <= length (x :: P) + f).
    { intros x Hx. unfold xs in Hx. apply filter_In in Hx. destruct Hx as [Hx Hm].
      apply in_seq in Hx. apply move_b_spec in Hm; auto; [|lia].
      destruct Hm as [_ [Hn _]]. split; [now constructor|split].
      - intros a [<-|Ha]; auto. lia.
      - simpl. lia. }
    destruct (thread_correct (fun x => memo_go mv f (x :: P))
               (fun x => nim_go all_paths f (x :: P)) xs) with (t := t)
      as [Hvs Ht'].
    + intros x t0 Hx Ht0. destruct (Hxs x Hx) as [H1 [H2 H3]]. apply IH; auto.
    + exact Ht.
    + destruct (thread _ xs t) as [vs t']. simpl in *. subst vs. split; [reflexivity|].
      intros Q v HQd HQ Hf.
      destruct (Pos.eq_dec (pos_key Q) (pos_key P)) as [Heq|Hne].
      * rewrite Heq, PositiveMap.gss in Hf. injection Hf as <-.
        apply (Nim_same P); [|now apply pos_key_same].
        apply (nim_go_sound Hok (S f)); auto.
      * rewrite PositiveMap.gso in Hf by exact Hne. now apply Ht'.
Qed.

Theorem nim_memo_eq : edges_ok -> nim_memo = nim_exec.
Proof.
  intros Hok. apply memo_go_correct; auto.
  - intros P x HP. rewrite move_cv_eq by exact HP. apply move_fast_eq.
  - constructor.
  - intros a [].
  - intros P v _ _ Hf. rewrite PositiveMap.gempty in Hf. discriminate.
Qed.

(** ** The tree test *)

Definition edges_ok_b : bool := forallb (fun e => Nat.ltb (fst e) n && Nat.ltb (snd e) n) E.

Lemma edges_ok_b_sound : edges_ok_b = true -> edges_ok.
Proof.
  unfold edges_ok_b, edges_ok. rewrite forallb_forall. intros H u v Huv.
  specialize (H _ Huv). simpl in H. rewrite andb_true_iff, !Nat.ltb_lt in H. exact H.
Qed.

Definition connected_b (ps : list (list nat)) : bool :=
  forallb (fun u => forallb (fun v =>
    existsb (fun q => Nat.eqb (first q) u && Nat.eqb (last q 0) v) ps) (seq 0 n)) (seq 0 n).

Definition is_tree_b : bool :=
  Nat.ltb 0 n && edges_ok_b && Nat.eqb (length E) (n - 1) && connected_b all_paths.

Theorem is_tree_b_sound : is_tree_b = true -> IsTree.
Proof.
  unfold is_tree_b. rewrite !andb_true_iff, Nat.ltb_lt, Nat.eqb_eq.
  intros [[[Hn Hok] Hlen] Hc]. split; [|split; [|split]]; auto.
  - now apply edges_ok_b_sound.
  - intros u v Hu Hv. unfold connected_b in Hc. rewrite forallb_forall in Hc.
    assert (Hu' : In u (seq 0 n)) by (apply in_seq; lia).
    assert (Hv' : In v (seq 0 n)) by (apply in_seq; lia).
    specialize (Hc u Hu'). rewrite forallb_forall in Hc. specialize (Hc v Hv').
    apply existsb_exists in Hc. destruct Hc as [q [Hq Hb]].
    rewrite andb_true_iff, !Nat.eqb_eq in Hb. destruct Hb as [<- <-].
    exists q. now apply path_of_listed.
Qed.

(** ** τ is the path hull on trees

    [Hull_iff_Tau]: on a tree whose paths are unique (tested by [unique_b],
    for each pair of vertices at most one listed path joins them), v lies on
    a path between points of A iff v belongs to every convex set containing A. *)

Lemma last_cons_ne (x : nat) l d : l <> [] -> last (x :: l) d = last l d.
Proof. destruct l; [congruence|reflexivity]. Qed.

Lemma last_app_cons (l : list nat) y m d : last (l ++ y :: m) d = last (y :: m) d.
Proof.
  induction l as [|x l IH]; auto. simpl app. rewrite last_cons_ne; auto.
  destruct l; discriminate.
Qed.

Lemma walk_app q1 q2 x : walk q1 -> walk (x :: q2) -> last q1 0 = x -> walk (q1 ++ q2).
Proof.
  intros H1. revert x. induction H1 as [v|u v p Ha Hw IH]; intros x H2 Hl.
  - simpl in Hl. subst. exact H2.
  - simpl app. constructor; auto. apply (IH x); auto.
Qed.

Lemma last_app_walk q1 q2 x : q1 <> [] -> last q1 0 = x -> last (q1 ++ q2) 0 = last (x :: q2) 0.
Proof.
  intros Hne Hl. destruct q2 as [|y q2].
  - rewrite app_nil_r. simpl. auto.
  - rewrite last_app_cons. reflexivity.
Qed.

Lemma walk_prefix l1 w l2 : walk (l1 ++ w :: l2) -> walk (l1 ++ [w]).
Proof.
  induction l1 as [|y l1 IH]; simpl; intros H; [constructor|].
  destruct l1 as [|z l1]; simpl in *.
  - inversion H; subst. constructor; auto.
  - inversion H; subst. constructor; auto.
Qed.

(** A walk contains a path with the same ends. *)
Lemma shorten : forall len q, length q <= len -> walk q ->
  exists p, walk p /\ NoDup p /\ hd_error p = hd_error q /\ last p 0 = last q 0 /\ incl p q.
Proof.
  induction len as [|len IH]; intros q Hl Hw.
  - destruct q; [inversion Hw|simpl in Hl; lia].
  - inversion Hw as [y|y z r Hyz Hzr]; subst.
    + exists [y]. split; [constructor|split; [|split; [|split]]]; auto using incl_refl.
      constructor; [intros []|constructor].
    + destruct (in_dec Nat.eq_dec y (z :: r)) as [Hin|Hnin].
      * apply in_split in Hin. destruct Hin as [l2 [l3 Heq]].
        assert (Hw' : walk (y :: l3)).
        { apply (walk_suffix l2); [rewrite <- Heq; auto|discriminate]. }
        assert (Hlen : length (z :: r) = length l2 + S (length l3))
          by (rewrite Heq, app_length; reflexivity).
        destruct (IH (y :: l3)) as [p [Hp1 [Hp2 [Hp3 [Hp4 Hp5]]]]]; auto.
        { simpl in *. lia. }
        exists p. split; [|split; [|split; [|split]]]; auto.
        -- rewrite Hp4. change (last (y :: z :: r) 0) with (last (z :: r) 0).
           rewrite Heq, last_app_cons. reflexivity.
        -- intros x Hx. apply Hp5 in Hx. right. rewrite Heq. apply in_or_app. right. auto.
      * destruct (IH (z :: r)) as [p [Hp1 [Hp2 [Hp3 [Hp4 Hp5]]]]]; [simpl in *; lia|auto|].
        destruct p as [|z' p']; [discriminate|]. simpl in Hp3. injection Hp3 as ->.
        exists (y :: z :: p'). split; [|split; [|split; [|split]]].
        -- constructor; auto.
        -- constructor; [intros Hc; apply Hnin; apply Hp5; exact Hc|exact Hp2].
        -- reflexivity.
        -- change (last (y :: z :: p') 0 = last (y :: z :: r) 0).
           change (last (z :: p') 0 = last (z :: r) 0). exact Hp4.
        -- intros x [<-|Hx]; [left; auto|right; apply Hp5; auto].
Qed.

Definition unique_b : bool :=
  forallb (fun u => forallb (fun w =>
    Nat.leb (length (filter (fun q => Nat.eqb (first q) u && Nat.eqb (last q 0) w) all_paths)) 1)
    (seq 0 n)) (seq 0 n).

Lemma at_most_one (l : list (list nat)) x y : length l <= 1 -> In x l -> In y l -> x = y.
Proof.
  destruct l as [|z [|z' l]]; simpl; intros Hl Hx Hy; try lia; try contradiction.
  destruct Hx as [<-|[]]. destruct Hy as [<-|[]]. reflexivity.
Qed.

Lemma path_listed a b p : edges_ok -> a < n -> path a b p ->
  In p all_paths /\ first p = a /\ last p 0 = b.
Proof.
  intros Hok Ha [Hw [Hd [Hh Hl]]]. split; [|split].
  - apply all_paths_complete; auto. intros a' Ha'. rewrite Hh in Ha'. injection Ha' as <-. auto.
  - destruct p; [discriminate|]. simpl in Hh. injection Hh as ->. reflexivity.
  - rewrite <- Hl. apply last_default. destruct p; discriminate.
Qed.

Lemma last_in (p : list nat) d : p <> [] -> In (last p d) p.
Proof.
  induction p as [|x p IH]; [congruence|]. intros _. destruct p as [|y p]; [left; auto|].
  right. apply IH. discriminate.
Qed.

Lemma unique_b_sound : unique_b = true -> edges_ok ->
  forall a b p p', a < n -> path a b p -> path a b p' -> p = p'.
Proof.
  intros Hu Hok a b p p' Ha Hp Hp'.
  destruct (path_listed a b p Hok Ha Hp) as [Hin [Hf Hl]].
  destruct (path_listed a b p' Hok Ha Hp') as [Hin' [Hf' Hl']].
  assert (Hb : b < n).
  { destruct Hp as [Hw [_ [Hh Hlast]]]. apply (walk_bound p Hok Hw).
    - intros a' Ha'. rewrite Hh in Ha'. injection Ha' as <-. auto.
    - rewrite <- Hl. apply last_in. destruct p; discriminate. }
  unfold unique_b in Hu. rewrite forallb_forall in Hu.
  specialize (Hu a (proj2 (in_seq n 0 a) (conj (Nat.le_0_l a) Ha))).
  rewrite forallb_forall in Hu.
  specialize (Hu b (proj2 (in_seq n 0 b) (conj (Nat.le_0_l b) Hb))).
  apply Nat.leb_le in Hu. apply (at_most_one _ _ _ Hu); apply filter_In.
  - rewrite Hf, Hl, !Nat.eqb_refl. auto.
  - rewrite Hf', Hl', !Nat.eqb_refl. auto.
Qed.

Lemma Hull_bound A x : edges_ok -> (forall a, In a A -> a < n) -> Hull A x -> x < n.
Proof.
  intros Hok HA [a [b [p [Ha [Hb [[Hw [_ [Hh _]]] Hx]]]]]].
  apply (walk_bound p Hok Hw); auto. intros a' Ha'. rewrite Hh in Ha'.
  injection Ha' as <-. auto.
Qed.

(** On a tree, the points on paths between points of A form a convex set. *)
Lemma Hull_convex A : IsTree -> (forall a, In a A -> a < n) -> Convex (Hull A).
Proof.
  intros [_ [Hok [_ Hconn]]] HA. split; [intros x; now apply Hull_bound|].
  intros u w [a1 [b1 [p1 [Ha1 [Hb1 [Hp1 Hu]]]]]] [a2 [b2 [p2 [Ha2 [Hb2 [Hp2 Hw]]]]]].
  destruct Hp1 as [Hw1 [Hd1 [Hh1 Hl1]]]. destruct Hp2 as [Hw2 [Hd2 [Hh2 Hl2]]].
  (* from u to b1 along p1 *)
  apply in_split in Hu. destruct Hu as [l1 [l2 ->]].
  assert (Hs1 : walk (u :: l2)) by (apply (walk_suffix l1); auto; discriminate).
  assert (Hs1l : last (u :: l2) 0 = b1).
  { rewrite <- last_app_cons with (l := l1). rewrite <- Hl1. apply last_default.
    destruct l1; discriminate. }
  (* from b1 to a2 *)
  destruct (Hconn b1 a2 (HA b1 Hb1) (HA a2 Ha2)) as [c [Hwc [Hdc [Hhc Hlc]]]].
  destruct c as [|b1' c']; [discriminate|]. simpl in Hhc. injection Hhc as ->.
  (* from a2 to w along p2 *)
  apply in_split in Hw. destruct Hw as [m1 [m2 ->]].
  assert (Hs2 : walk (m1 ++ [w])) by (apply (walk_prefix m1 w m2); auto).
  assert (Hs2h : hd_error (m1 ++ [w]) = Some a2).
  { destruct m1; simpl in *; auto. }
  destruct (m1 ++ [w]) as [|a2' s2'] eqn:Hs2e; [destruct m1; discriminate|].
  simpl in Hs2h. injection Hs2h as ->.
  assert (Hw12 : walk ((u :: l2) ++ c')) by (apply (walk_app _ _ b1); auto).
  assert (Hl12 : last ((u :: l2) ++ c') 0 = a2).
  { rewrite (last_app_walk _ _ b1) by (auto; discriminate). rewrite <- Hlc.
    apply last_default. discriminate. }
  assert (Hw123 : walk (((u :: l2) ++ c') ++ s2')) by (apply (walk_app _ _ a2); auto).
  destruct (shorten _ _ (le_n _) Hw123) as [p [Hpw [Hpd [Hph [Hpl Hpi]]]]].
  exists p. split.
  - split; [|split; [|split]]; auto.
    rewrite (last_default _ u 0) by (destruct p; discriminate).
    rewrite Hpl, (last_app_walk _ _ a2) by (auto; discriminate).
    rewrite <- Hs2e. apply last_app_single.
  - intros x Hx. apply Hpi in Hx. rewrite <- app_assoc in Hx.
    apply in_app_or in Hx. destruct Hx as [Hx|Hx]; [|apply in_app_or in Hx; destruct Hx as [Hx|Hx]].
    + exists a1, b1, (l1 ++ u :: l2). split; [|split; [|split]]; auto.
      * split; auto.
      * apply in_or_app. right. exact Hx.
    + exists b1, a2, (b1 :: c'). split; [|split; [|split]]; auto.
      * split; auto.
      * right. exact Hx.
    + exists a2, b2, (m1 ++ w :: m2). split; [|split; [|split]]; auto.
      * split; auto.
      * assert (Hx' : In x (m1 ++ [w])) by (rewrite Hs2e; right; exact Hx).
        apply in_app_or in Hx'. apply in_or_app. destruct Hx' as [Hx'|[<-|[]]]; auto.
        right. left. reflexivity.
Qed.

Theorem Hull_iff_Tau : IsTree -> unique_b = true ->
  forall A v, (forall a, In a A -> a < n) -> (Hull A v <-> Tau A v).
Proof.
  intros Ht Hu A v HA. split.
  - intros [a [b [p [Ha [Hb [Hp Hv]]]]]] K [_ HK] HAK.
    destruct (HK a b (HAK a Ha) (HAK b Hb)) as [p' [Hp' Hin]].
    assert (Hok : edges_ok) by (destruct Ht as [_ [Hok _]]; exact Hok).
    rewrite (unique_b_sound Hu Hok a b p p' (HA a Ha) Hp Hp') in Hv. auto.
  - intros Hv. apply Hv; [now apply Hull_convex|].
    intros a Ha. exists a, a, [a]. split; [|split; [|split]]; auto.
    + split; [constructor|split; [constructor; [intros []|constructor]|split; reflexivity]].
    + left. reflexivity.
Qed.

(** ** The per-certificate theorem *)

(** W is a non-empty subset of S = [0 .. n-1]. *)
Definition WinOk : Prop := W <> [] /\ (forall w, In w W -> w < n).

Definition win_ok_b : bool :=
  match W with [] => false | _ => forallb (fun w => Nat.ltb w n) W end.

Lemma win_ok_b_sound : win_ok_b = true -> WinOk.
Proof.
  unfold win_ok_b, WinOk. destruct W as [|w W']; [discriminate|].
  rewrite forallb_forall. intros H. split; [discriminate|].
  intros v Hv. apply Nat.ltb_lt. auto.
Qed.

(** The statement exported for a certificate: (n, E) is a tree, W is a
    non-empty set of its vertices, and nim(DNG(S, W)) = k on its vertex
    geometry, S = [0 .. n-1], τ the smallest convex set (subtree) containing
    the chosen points. *)
Definition NimDNG (k : nat) : Prop := IsTree /\ WinOk /\ NimH Tau [] k.

(** The nim number is unique: [NimDNG k] names it. *)
Theorem NimDNG_unique k k' : NimDNG k -> NimDNG k' -> k = k'.
Proof. intros [_ [_ H]] [_ [_ H']]. exact (Nim_unique Tau [] k k' H H'). Qed.

(** The three boolean tests of the tree and W. *)
Definition game_ok_b : bool := is_tree_b && win_ok_b && unique_b.

Theorem nim_dng_by_computation k :
  game_ok_b = true -> nim_memo = k -> NimDNG k.
Proof.
  intros Hg Hk. unfold game_ok_b in Hg. rewrite !andb_true_iff in Hg.
  destruct Hg as [[Ht Hw] Hu].
  assert (Hok : edges_ok).
  { apply edges_ok_b_sound. unfold is_tree_b in Ht. rewrite !andb_true_iff in Ht. tauto. }
  assert (Htree : IsTree) by now apply is_tree_b_sound.
  split; [exact Htree|split; [now apply win_ok_b_sound|]].
  apply (Nim_transfer Hull Tau).
  - intros A v HA. now apply Hull_iff_Tau.
  - intros a [].
  - subst k. rewrite nim_memo_eq by exact Hok. now apply nim_exec_sound.
Qed.

(** ** The family 𝓜 of maximal non-generating sets (optional check)

    [MaximalFamily M]: every set of M is a maximal non-generating set (W ⊄ τ(m),
    and adding any point of S generates), and every non-generating subset of S
    lies inside a set of M.  Since subsets of non-generating sets are
    non-generating (τ is monotone), M then holds every maximal non-generating
    set (up to the order of its points). *)

Definition NonGen (A : list nat) : Prop := ~ (forall w, In w W -> Tau A w).

Definition Within (A : list nat) : Prop := forall a, In a A -> a < n.

Definition MaximalNonGen (m : list nat) : Prop :=
  Within m /\ NonGen m /\ (forall x, x < n -> ~ In x m -> ~ NonGen (x :: m)).

Definition MaximalFamily (M : list (list nat)) : Prop :=
  (forall m, In m M -> MaximalNonGen m) /\
  (forall P, Within P -> NonGen P -> exists m, In m M /\ incl P m).

Definition nongen_b (tw : list (list (nat * nat))) (A : list nat) : bool :=
  negb (forallb (fun pw => hull_fast pw A) tw).

Lemma nongen_b_spec A : IsTree -> unique_b = true -> Within A ->
  (nongen_b (map (through all_paths) W) A = true <-> NonGen A).
Proof.
  intros Ht Hu HA. assert (Hok : edges_ok) by (destruct Ht as [_ [Hok _]]; exact Hok).
  unfold nongen_b, NonGen. rewrite negb_true_iff, <- not_true_iff_false, forallb_forall.
  split; intros Hn Hall; apply Hn.
  - intros pw Hpw. apply in_map_iff in Hpw. destruct Hpw as [w [<- Hw]].
    rewrite hull_fast_eq. apply hull_b_spec; auto. apply Hull_iff_Tau; auto.
  - intros w Hw. apply Hull_iff_Tau; auto. apply hull_b_spec; auto.
    rewrite <- hull_fast_eq. apply Hall. apply in_map. exact Hw.
Qed.

Fixpoint powerset (l : list nat) : list (list nat) :=
  match l with
  | [] => [[]]
  | x :: l' => let r := powerset l' in map (cons x) r ++ r
  end.

Lemma powerset_complete l : forall P, incl P l -> exists Q, In Q (powerset l) /\ same_points P Q.
Proof.
  induction l as [|x l IH]; intros P HP.
  - exists []. split; [left; reflexivity|]. intros y. split; [|intros []].
    intros Hy. exact (HP y Hy).
  - set (P' := filter (fun y => negb (Nat.eqb y x)) P).
    assert (HP' : incl P' l).
    { intros y Hy. unfold P' in Hy. apply filter_In in Hy. destruct Hy as [Hy Hne].
      destruct (HP y Hy) as [<-|Hl]; auto. rewrite Nat.eqb_refl in Hne. discriminate. }
    destruct (IH P' HP') as [Q' [HQ' Hs]].
    assert (HP'iff : forall y, In y P' <-> In y P /\ y <> x).
    { intros y. unfold P'. rewrite filter_In, negb_true_iff, Nat.eqb_neq. tauto. }
    destruct (in_dec Nat.eq_dec x P) as [Hx|Hx].
    + exists (x :: Q'). split.
      * simpl. apply in_or_app. left. apply in_map. exact HQ'.
      * intros y. simpl. rewrite <- (Hs y), HP'iff.
        destruct (Nat.eq_dec x y) as [<-|Hne]; [tauto|]. split; [|tauto].
        intros Hy. right. split; auto.
    + exists Q'. split.
      * simpl. apply in_or_app. right. exact HQ'.
      * intros y. rewrite <- (Hs y), HP'iff. split; [|tauto]. intros Hy. split; auto.
        intros ->. contradiction.
Qed.

Lemma NonGen_same A B : same_points A B -> NonGen A -> NonGen B.
Proof.
  intros Hs Hn Hall. apply Hn. intros w Hw K HK HA. apply (Hall w Hw K HK).
  intros b Hb. apply HA. apply Hs. exact Hb.
Qed.

Definition within_b (A : list nat) : bool := forallb (fun a => Nat.ltb a n) A.

Lemma within_b_sound A : within_b A = true -> Within A.
Proof.
  unfold within_b. rewrite forallb_forall. intros H a Ha. apply Nat.ltb_lt. auto.
Qed.

Definition incl_b (A B : list nat) : bool := forallb (fun a => tv_mem a B) A.

Lemma incl_b_sound A B : incl_b A B = true -> incl A B.
Proof.
  unfold incl_b. rewrite forallb_forall. intros H a Ha. apply tv_mem_spec. auto.
Qed.

Definition maximal_b (M : list (list nat)) : bool :=
  let tw := map (through all_paths) W in
  forallb (fun m => within_b m && nongen_b tw m &&
    forallb (fun x => tv_mem x m || negb (nongen_b tw (x :: m))) (seq 0 n)) M &&
  forallb (fun P => negb (nongen_b tw P) || existsb (incl_b P) M) (powerset (seq 0 n)).

Theorem maximal_family_by_computation M :
  game_ok_b = true -> maximal_b M = true -> MaximalFamily M.
Proof.
  intros Hg HM. unfold game_ok_b in Hg. rewrite !andb_true_iff in Hg.
  destruct Hg as [[Ht _] Hu]. apply is_tree_b_sound in Ht.
  unfold maximal_b in HM. rewrite andb_true_iff, !forallb_forall in HM.
  destruct HM as [Hmax Hcomp]. split.
  - intros m Hm. specialize (Hmax m Hm). rewrite !andb_true_iff, forallb_forall in Hmax.
    destruct Hmax as [[Hw Hng] Hx]. apply within_b_sound in Hw.
    split; [exact Hw|split; [now apply nongen_b_spec|]].
    intros x Hxn Hxm Hng'. specialize (Hx x (proj2 (in_seq n 0 x) (conj (Nat.le_0_l x) Hxn))).
    apply tv_mem_false in Hxm. rewrite Hxm in Hx. simpl in Hx.
    apply negb_true_iff in Hx. apply nongen_b_spec in Hng'; auto; [congruence|].
    intros a [<-|Ha]; auto.
  - intros P HP Hng.
    destruct (powerset_complete (seq 0 n) P) as [Q [HQ Hs]].
    { intros a Ha. apply in_seq. specialize (HP a Ha). lia. }
    assert (HQw : Within Q) by (intros a Ha; apply HP; apply Hs; exact Ha).
    specialize (Hcomp Q HQ). apply orb_true_iff in Hcomp. destruct Hcomp as [Hc|Hc].
    + exfalso. apply negb_true_iff in Hc.
      assert (HnQ : NonGen Q) by now apply (NonGen_same P).
      apply (nongen_b_spec Q Ht Hu HQw) in HnQ. congruence.
    + apply existsb_exists in Hc. destruct Hc as [m [Hm Hi]]. exists m. split; auto.
      intros a Ha. apply (incl_b_sound Q m Hi). apply Hs. exact Ha.
Qed.

End Semantics.

Print Assumptions nim_dng_by_computation.
Print Assumptions Nim_unique.
Print Assumptions Hull_iff_Tau.
Print Assumptions maximal_family_by_computation.
