(** * Families: one proof for every c = (a + b) k + rho (issue 38, Check 3)

    For S(k) = {a, b, c(k)} with c(k) = (a + b) k + rho, a [Family]
    certificate (docs/FAMILIES.md) claims, for every k >= k0, that G_S(k)
    is purely periodic with a given period word.  This file proves the two
    facts that reduce such a claim to arithmetic, once:

    - [fact1_G] (the recurrence over one period plus c): if E has period p
      and satisfies the mex rule at every x < p + max S, then G_S = E;
    - [fact2_unique_window] (a unique window proves the least period): if f
      has period p from 0 and the window of length L at offset o0 differs
      from the window at every other offset o < p, then p is the least
      period of f and 0 its least pre-period;

    and then, for each of the two shapes, a boolean checker whose [true]
    proves the premises of Facts 1 and 2 for EVERY k >= k0
    ([tail_R_sound], [tail_M_sound], [base_R_sound], [base_M_sound]) and
    so the claim ([tail_family_sound], [base_family_sound]).  The checkers
    split the positions of E_k into zones whose option values, once c(k)
    is at least a threshold (d + b, and L for the marker), depend only on
    an offset from a zone's edge or on a residue mod a + b; the finitely
    many k in [k0, K) below the threshold are checked concretely.  Nothing
    here depends on nimcheck's pumping lemma (docs/FAMILIES.md, Check 1). *)

From Coq Require Import List Arith Bool Lia.
From Nimcert Require Import Mex Subtraction Period.
Import ListNotations.

(** ** Fact 1 *)

(** A periodic function satisfying the mex rule on [0, p + max S)
    satisfies it everywhere (DESIGN.md rule 1 with q = 0). *)
Lemma recurrence_extend S p g : 0 < p ->
  (forall x, g (x + p) = g x) ->
  (forall x, x < p + list_max S -> g x = mex (options S g x)) ->
  is_nim_sequence S g.
Proof.
  intros Hp Hper Hw x. induction x as [x IH] using lt_wf_ind.
  destruct (lt_dec x (p + list_max S)) as [Hlt|Hge]; [apply Hw, Hlt|].
  assert (Hc : forall s, In s S -> s <= list_max S) by (intros; apply In_le_list_max; auto).
  assert (E : g x = g (x - p)) by (rewrite <- (Hper (x - p)); f_equal; lia). rewrite E.
  rewrite (IH (x - p)) by lia.
  f_equal. unfold options.
  rewrite !filter_all by (intros s Hs; apply Nat.leb_le; specialize (Hc s Hs); lia).
  apply map_ext_in. intros s Hs. specialize (Hc s Hs).
  replace (x - s) with (x - p - s + p) by lia. symmetry. apply Hper.
Qed.

Theorem fact1_G S p g :
  moves_positive S -> 0 < p ->
  (forall x, g (x + p) = g x) ->
  (forall x, x < p + list_max S -> g x = mex (options S g x)) ->
  forall x, G S x = g x.
Proof.
  intros Hpos Hp Hper Hw x. symmetry. apply G_unique; [exact Hpos|].
  apply (recurrence_extend S p g Hp Hper Hw).
Qed.

(** ** Fact 2 *)

Theorem fact2_unique_window {A} (f : nat -> A) p o0 L :
  0 < p -> period_from f 0 p ->
  (forall o, o < p -> o <> o0 -> exists i, i < L /\ f (o + i) <> f (o0 + i)) ->
  least_preperiod f 0 p.
Proof.
  intros Hp Hper Hw.
  split; [|split; [exact Hper | intros; lia]].
  split; [exact Hp|]. split; [exists 0; exact Hper|].
  intros q e He Hqe. destruct (le_lt_dec p e) as [|Hlt]; [assumption|exfalso].
  pose proof (period_transfer f 0 p q e Hp Hper Hqe) as H0.
  pose proof (Nat.div_mod (o0 + e) p ltac:(lia)) as D.
  set (n := (o0 + e) / p) in D. set (o := (o0 + e) mod p) in D.
  assert (Ho : o < p) by (apply Nat.mod_upper_bound; lia).
  assert (Hne : o <> o0).
  { intros E. rewrite E in D. destruct n as [|n]; [lia|].
    rewrite Nat.mul_succ_r in D. lia. }
  destruct (Hw o Ho Hne) as [i [Hi Hd]]. apply Hd.
  rewrite <- (period_mult f 0 p Hper n (o + i)) by lia.
  replace (o + i + n * p) with (o0 + i + e) by lia.
  apply H0. lia.
Qed.

(** A least pre-period is a property of the values only. *)
Lemma least_preperiod_ext {A} (f g : nat -> A) q p :
  (forall x, f x = g x) -> least_preperiod g q p -> least_preperiod f q p.
Proof.
  intros E [[Hp [[q0 Hq0] Hmin]] [Hq Hqmin]].
  assert (T : forall q d, period_from f q d <-> period_from g q d).
  { intros q' d. unfold period_from. split; intros H x Hx; rewrite ?E in *; auto.
    rewrite <- !E; auto. }
  split; [split; [exact Hp | split]|split].
  - exists q0. apply T, Hq0.
  - intros q' d Hd H. apply (Hmin q' d Hd), T, H.
  - apply T, Hq.
  - intros q' H. apply Hqmin, T, H.
Qed.

(** ** Arithmetic helpers *)

Lemma forall_seq f s n : forallb f (seq s n) = true -> forall x, s <= x < s + n -> f x = true.
Proof. intros H x Hx. rewrite forallb_forall in H. apply H, in_seq. lia. Qed.

Lemma existsb_seq f n : existsb f (seq 0 n) = true -> exists i, i < n /\ f i = true.
Proof.
  intros H. apply existsb_exists in H as [i [Hi Hf]]. apply in_seq in Hi.
  exists i. split; [lia | exact Hf].
Qed.

Lemma eq_mod A C n n' m : m <> 0 -> A + n * m = C + n' * m -> A mod m = C mod m.
Proof. intros Hm E. rewrite <- (Nat.mod_add A n m Hm), E. apply Nat.mod_add, Hm. Qed.

Lemma options3 (a b c : nat) g x : a <= x -> b <= x -> c <= x ->
  options [a; b; c] g x = [g (x - a); g (x - b); g (x - c)].
Proof.
  intros Ha Hb Hc. unfold options. simpl.
  rewrite (proj2 (Nat.leb_le a x) Ha), (proj2 (Nat.leb_le b x) Hb),
    (proj2 (Nat.leb_le c x) Hc). reflexivity.
Qed.

Lemma options3_low (a b c : nat) g x : x < c ->
  options [a; b; c] g x = options [a; b] g x.
Proof.
  intros Hc. unfold options. simpl.
  replace (c <=? x) with false by (symmetry; apply Nat.leb_gt, Hc).
  destruct (a <=? x), (b <=? x); reflexivity.
Qed.

Lemma options_ext S g h x : (forall s, In s S -> s <= x -> g (x - s) = h (x - s)) ->
  options S g x = options S h x.
Proof.
  intros H. unfold options. apply map_ext_in. intros s Hs.
  apply filter_In in Hs as [Hs Hle]. apply Nat.leb_le in Hle. auto.
Qed.

(** ** The family's words *)

Section Family.
Variables (a b rho : nat) (B : list nat).
Local Notation m := (a + b).

(** c(k), S(k) = {a, b, c(k)}, and the B-run x |-> B[x mod m]. *)
Definition fc (k : nat) : nat := m * k + rho.
Definition moves (k : nat) : list nat := [a; b; fc k].
Definition Bv (x : nat) : nat := nth (x mod m) B 0.

(** [rd z t] is (z - t) mod m, for a z - t that may be negative. *)
Definition rd (z t : nat) : nat := (z + m * t - t) mod m.

Variable Ha : 0 < a.

Lemma m_pos : m <> 0.
Proof. lia. Qed.

Lemma Bv_mod x y : x mod m = y mod m -> Bv x = Bv y.
Proof. unfold Bv. intros ->. reflexivity. Qed.

Lemma Bv_period x : Bv (x + m) = Bv x.
Proof. apply Bv_mod. rewrite <- (Nat.mod_add x 1 m m_pos). f_equal. lia. Qed.

Lemma Bv_sub k z t : t <= m * k + z -> Bv (m * k + z - t) = nth (rd z t) B 0.
Proof.
  intros H. unfold Bv, rd. f_equal. apply (eq_mod _ _ t k m m_pos).
  assert (t <= m * t) by nia. nia.
Qed.

Lemma Bv_red_sub x s : s <= m -> s <= x -> Bv (x - s) = Bv (x mod m + m - s).
Proof.
  intros Hs Hx. apply Bv_mod. pose proof (Nat.div_mod x m m_pos) as D.
  apply (eq_mod _ _ 1 (x / m) m m_pos). nia.
Qed.

Lemma Bv_red_add x s : Bv (x + s) = Bv (x mod m + s).
Proof.
  apply Bv_mod. pose proof (Nat.div_mod x m m_pos) as D.
  apply (eq_mod _ _ 0 (x / m) m m_pos). nia.
Qed.

Lemma Bv_red x : Bv x = Bv (x mod m).
Proof. rewrite <- (Nat.add_0_r x) at 1. rewrite Bv_red_add. f_equal. lia. Qed.

(** The nim-sequence of the base {a, b} is the B-run: its mex rule on
    [0, 2m) ([base_rec_ok]) holds everywhere. *)
Definition base_rec_ok : bool :=
  forallb (fun x => Bv x =? mex (options [a; b] Bv x)) (seq 0 (m + m)).

Lemma base_rec : base_rec_ok = true -> forall x, Bv x = mex (options [a; b] Bv x).
Proof.
  intros H. apply (recurrence_extend [a; b] m Bv ltac:(lia) Bv_period).
  intros x Hx. apply Nat.eqb_eq. apply (forall_seq _ _ _ H). simpl in Hx. lia.
Qed.

(** Positions below c(k) see only the base moves. *)
Lemma low_rec g k x : base_rec_ok = true -> x < fc k ->
  (forall y, y < fc k -> g y = Bv y) ->
  g x = mex (options (moves k) g x).
Proof.
  intros H Hx Hg. unfold moves. rewrite options3_low by exact Hx.
  rewrite Hg by exact Hx. rewrite (options_ext _ g Bv) by (intros; apply Hg; lia).
  apply base_rec, H.
Qed.

Lemma list_max_moves k : a <= fc k -> b <= fc k -> list_max (moves k) = fc k.
Proof. intros. unfold moves. simpl. lia. Qed.

Lemma moves_pos k : a < b -> b < fc k -> moves_positive (moves k).
Proof. intros Hab Hb s Hs. unfold moves in Hs. simpl in Hs. unfold fc in *. lia. Qed.

(** ** The Base shape: G_S(k) = B-run, least period p0 *)

Section Base.
Variable p0 : nat.

Definition base_claim (k : nat) : Prop :=
  (forall x, G (moves k) x = Bv x) /\ least_preperiod (G (moves k)) 0 p0.

(** Positions x >= c(k): the c-option reads B at (x - rho) mod m. *)
Definition base_c_ok : bool :=
  forallb (fun r => Bv r =? mex [Bv (r + m - a); Bv (r + m - b); Bv (r + m - rho)]) (seq 0 m).

Definition base_period_ok : bool := forallb (fun i => Bv (i + p0) =? Bv i) (seq 0 m).

Definition base_minimal_ok : bool :=
  forallb (fun o => existsb (fun i => negb (Bv (o + i) =? Bv i)) (seq 0 m)) (seq 1 (p0 - 1)).

Definition base_R_check (k0 : nat) : bool :=
  (0 <? a) && (a <? b) && (rho <? m) && (b <? fc k0) && base_rec_ok && base_c_ok &&
  (length B =? m).

Definition base_M_check : bool := (0 <? a) && (0 <? p0) && base_period_ok && base_minimal_ok.

Theorem base_R_sound k0 : base_R_check k0 = true ->
  forall k, k0 <= k -> forall x, x < m + fc k -> Bv x = mex (options (moves k) Bv x).
Proof.
  unfold base_R_check. intros H. apply andb_true_iff in H as [H _].
  repeat match goal with H : (_ && _) = true |- _ => apply andb_true_iff in H as [? ?] end.
  repeat match goal with H : (_ <? _) = true |- _ => apply Nat.ltb_lt in H end.
  intros k Hk x _.
  assert (Hc : fc k0 <= fc k) by (unfold fc; nia).
  destruct (lt_dec x (fc k)) as [Hx|Hx].
  - apply (low_rec Bv k x); auto.
  - unfold moves. rewrite options3 by lia.
    rewrite (Bv_red_sub x a), (Bv_red_sub x b) by (unfold fc in *; lia).
    replace (Bv (x - fc k)) with (Bv (x mod m + m - rho)).
    2:{ symmetry. apply Bv_mod. pose proof (Nat.div_mod x m m_pos).
        apply (eq_mod _ _ (1 + k) (x / m) m m_pos). unfold fc in *. nia. }
    rewrite Bv_red. apply Nat.eqb_eq. apply (forall_seq _ _ _ H0).
    pose proof (Nat.mod_upper_bound x m m_pos). lia.
Qed.

Lemma base_periodic : base_period_ok = true -> forall x, Bv (x + p0) = Bv x.
Proof.
  intros H x. rewrite Bv_red_add, (Bv_red x). apply Nat.eqb_eq, (forall_seq _ _ _ H).
  pose proof (Nat.mod_upper_bound x m m_pos). lia.
Qed.

Theorem base_M_sound : base_M_check = true ->
  0 < p0 /\ period_from Bv 0 p0 /\
  forall o, o < p0 -> o <> 0 -> exists i, i < m /\ Bv (o + i) <> Bv (0 + i).
Proof.
  unfold base_M_check. intros H.
  apply andb_true_iff in H as [H Hmin]. apply andb_true_iff in H as [H Hper].
  apply andb_true_iff in H as [_ Hp].
  apply Nat.ltb_lt in Hp. split; [exact Hp|]. split.
  - intros x _. apply base_periodic, Hper.
  - intros o Ho Ho0. pose proof (forall_seq _ _ _ Hmin o ltac:(lia)) as E.
    apply existsb_seq in E as [i [Hi E]]. exists i. split; [exact Hi|].
    apply negb_true_iff, Nat.eqb_neq in E. exact E.
Qed.

Theorem base_claim_of k :
  0 < a -> a < b -> b < fc k ->
  (forall x, x < m + fc k -> Bv x = mex (options (moves k) Bv x)) ->
  0 < p0 -> period_from Bv 0 p0 ->
  (forall o, o < p0 -> o <> 0 -> exists i, i < m /\ Bv (o + i) <> Bv (0 + i)) ->
  base_claim k.
Proof.
  intros _ Hab Hbc HR Hp Hper HM.
  assert (HG : forall x, G (moves k) x = Bv x).
  { apply (fact1_G (moves k) m Bv (moves_pos k Hab Hbc) ltac:(lia) Bv_period).
    rewrite list_max_moves by lia. exact HR. }
  split; [exact HG|]. apply (least_preperiod_ext _ Bv _ _ HG).
  apply (fact2_unique_window Bv p0 0 m Hp Hper HM).
Qed.

Theorem base_family_sound k0 :
  base_R_check k0 = true -> base_M_check = true -> forall k, k0 <= k -> base_claim k.
Proof.
  intros HR HM k Hk. pose proof HR as H. unfold base_R_check in H.
  repeat match goal with H : (_ && _) = true |- _ => apply andb_true_iff in H as [? ?] end.
  repeat match goal with H : (_ <? _) = true |- _ => apply Nat.ltb_lt in H end.
  destruct (base_M_sound HM) as [Hp [Hper Hw]].
  apply base_claim_of; auto.
  - unfold fc in *. nia.
  - apply (base_R_sound k0 HR k Hk).
Qed.
End Base.

(** ** The Tail shape: the B-run of length c(k), then Y; period c(k) + d *)

Section Tail.
Variable Y : list nat.
Local Notation d := (length Y).

Definition fp (k : nat) : nat := fc k + d.
Definition Yv (j : nat) : nat := nth j Y 0.
(** One period F_k, and E_k(x) = F_k(x mod p(k)). *)
Definition Fw (k y : nat) : nat := if y <? fc k then Bv y else Yv (y - fc k).
Definition Et (k x : nat) : nat := Fw k (x mod fp k).

Definition tail_claim (k : nat) : Prop :=
  (forall x, G (moves k) x = Et k x) /\ least_preperiod (G (moves k)) 0 (fp k).

Lemma Et_run1 k x : x < fc k -> Et k x = Bv x.
Proof.
  intros H. unfold Et, Fw, fp. rewrite Nat.mod_small by lia.
  replace (x <? fc k) with true by (symmetry; apply Nat.ltb_lt, H). reflexivity.
Qed.

Lemma Et_tail k x : fc k <= x < fp k -> Et k x = Yv (x - fc k).
Proof.
  intros H. unfold Et, Fw. rewrite Nat.mod_small by lia.
  replace (x <? fc k) with false by (symmetry; apply Nat.ltb_ge; lia). reflexivity.
Qed.

Lemma Et_run2 k x : fp k <= x < fp k + fc k -> Et k x = Bv (x - fp k).
Proof.
  intros H. unfold Et, Fw.
  replace (x mod fp k) with (x - fp k).
  2:{ symmetry. replace x with (x - fp k + 1 * fp k) at 1 by lia.
      rewrite Nat.mod_add by (unfold fp in *; lia). apply Nat.mod_small. unfold fp in *; lia. }
  replace (x - fp k <? fc k) with true by (symmetry; apply Nat.ltb_lt; unfold fp in *; lia).
  reflexivity.
Qed.

Lemma Et_period k : 0 < fp k -> forall x, Et k (x + fp k) = Et k x.
Proof.
  intros H x. unfold Et. f_equal. rewrite <- (Nat.mod_add x 1 (fp k)) by lia. f_equal. lia.
Qed.

(** Zone II, x = c + j (j < d): the a- and b-options. *)
Definition opt_tail (j s : nat) : nat :=
  if s <=? j then Yv (j - s) else nth (rd (rho + j) s) B 0.
(** Zone III, x = p + y (y < c): the a- and b-options. *)
Definition opt_run2 (y s : nat) : nat :=
  if s <=? y then Bv (y - s) else if s <=? d + y then Yv (d + y - s)
  else nth (rd (rho + d + y) s) B 0.

Definition z2_ok : bool :=
  forallb (fun j => Yv j =? mex [opt_tail j a; opt_tail j b; Bv j]) (seq 0 d).
Definition z3a_ok : bool :=
  forallb (fun y => Bv y =? mex [opt_run2 y a; opt_run2 y b; Bv (d + y)]) (seq 0 b).
Definition z3b_ok : bool :=
  forallb (fun r => Bv r =? mex [Bv (r + m - a); Bv (r + m - b); Bv (r + d)]) (seq 0 m).
Definition z3c_ok : bool :=
  forallb (fun e => nth (rd (rho + e) d) B 0 =?
    mex [nth (rd (rho + e) (d + a)) B 0; nth (rd (rho + e) (d + b)) B 0; Yv e]) (seq 0 d).

(** (R) at one k, computed. *)
Definition rec_at (k : nat) : bool :=
  forallb (fun x => Et k x =? mex (options (moves k) (Et k) x)) (seq 0 (fp k + fc k)).

Definition tail_R_check (k0 K : nat) : bool :=
  (0 <? a) && (a <? b) && (b <? fc k0) && (1 <=? d) && (d + b <=? fc K) &&
  base_rec_ok && z2_ok && z3a_ok && z3b_ok && z3c_ok &&
  forallb rec_at (seq k0 (K - k0)) && (length B =? m).

Lemma opt_tail_ok k j s : j < d -> s <= b -> b < fc k ->
  Et k (fc k + j - s) = opt_tail j s.
Proof.
  intros Hj Hs Hb. unfold opt_tail. destruct (Nat.leb_spec s j).
  - rewrite Et_tail by (unfold fp; lia). f_equal. lia.
  - rewrite Et_run1 by lia. unfold fc in *. rewrite <- (Bv_sub k (rho + j) s) by lia. f_equal. lia.
Qed.

Lemma opt_run2_ok k y s : y < fc k -> s <= b -> b < fc k ->
  Et k (fp k + y - s) = opt_run2 y s.
Proof.
  intros Hy Hs Hb. unfold opt_run2. unfold fp in *.
  destruct (Nat.leb_spec s y).
  - rewrite Et_run2 by (unfold fp; lia). unfold fp. f_equal. lia.
  - destruct (Nat.leb_spec s (d + y)).
    + rewrite Et_tail by (unfold fp; lia). f_equal. lia.
    + rewrite Et_run1 by lia. unfold fc in *. rewrite <- (Bv_sub k (rho + d + y) s) by lia. f_equal. lia.
Qed.

Lemma tail_R_large k :
  a < b -> base_rec_ok = true -> z2_ok = true -> z3a_ok = true -> z3b_ok = true ->
  z3c_ok = true -> d + b <= fc k -> b < fc k ->
  forall x, x < fp k + fc k -> Et k x = mex (options (moves k) (Et k) x).
Proof.
  intros Hab H1 H2 H3a H3b H3c Hdb Hb x Hx.
  destruct (lt_dec x (fc k)) as [Hx1|Hx1].
  { apply low_rec; auto. intros; apply Et_run1; auto. }
  unfold moves. rewrite options3 by lia.
  destruct (lt_dec x (fp k)) as [Hx2|Hx2].
  - (* zone II: x = c + j *)
    set (j := x - fc k). assert (Hj : j < d) by (unfold j, fp in *; lia).
    replace x with (fc k + j) by (unfold j; lia).
    rewrite Et_tail by (unfold fp; lia). rewrite (opt_tail_ok k j a), (opt_tail_ok k j b) by lia.
    rewrite Et_run1 by lia. replace (fc k + j - fc k - 0) with j by lia.
    replace (fc k + j - fc k) with j by lia.
    apply Nat.eqb_eq, (forall_seq _ _ _ H2). lia.
  - (* zone III: x = p + y *)
    set (y := x - fp k). assert (Hy : y < fc k) by (unfold y, fp in *; lia).
    replace x with (fp k + y) by (unfold y; lia).
    rewrite Et_run2 by lia. rewrite (opt_run2_ok k y a), (opt_run2_ok k y b) by lia.
    replace (fp k + y - fp k) with y by lia.
    replace (fp k + y - fc k) with (d + y) by (unfold fp; lia).
    destruct (lt_dec (d + y) (fc k)) as [Hc|Hc].
    + rewrite Et_run1 by exact Hc.
      destruct (lt_dec y b) as [Hyb|Hyb].
      * apply Nat.eqb_eq, (forall_seq _ _ _ H3a). lia.
      * unfold opt_run2.
        replace (a <=? y) with true by (symmetry; apply Nat.leb_le; lia).
        replace (b <=? y) with true by (symmetry; apply Nat.leb_le; lia).
        rewrite (Bv_red_sub y a), (Bv_red_sub y b) by lia. rewrite (Bv_red y).
        rewrite (Nat.add_comm d y), (Bv_red_add y d).
        apply Nat.eqb_eq, (forall_seq _ _ _ H3b).
        pose proof (Nat.mod_upper_bound y m m_pos). lia.
    + set (e := d + y - fc k). assert (He : e < d) by (unfold e; lia).
      rewrite Et_tail by (unfold fp; lia). fold e.
      unfold opt_run2.
      replace (a <=? y) with true by (symmetry; apply Nat.leb_le; lia).
      replace (b <=? y) with true by (symmetry; apply Nat.leb_le; lia).
      assert (Ey : forall t, d <= t -> t <= d + b -> y - (t - d) = m * k + (rho + e) - t).
      { intros t Ht1 Ht2. unfold e, fc in *. lia. }
      rewrite <- (Nat.sub_0_r y) at 1.
      replace (y - 0) with (m * k + (rho + e) - d) by (unfold e, fc in *; lia).
      replace (y - a) with (m * k + (rho + e) - (d + a)) by (unfold e, fc in *; lia).
      replace (y - b) with (m * k + (rho + e) - (d + b)) by (unfold e, fc in *; lia).
      rewrite (Bv_sub k (rho + e) d), (Bv_sub k (rho + e) (d + a)), (Bv_sub k (rho + e) (d + b)) by (unfold e, fc in *; lia).
      apply Nat.eqb_eq, (forall_seq _ _ _ H3c). lia.
Qed.

Theorem tail_R_sound k0 K : tail_R_check k0 K = true ->
  forall k, k0 <= k -> forall x, x < fp k + fc k -> Et k x = mex (options (moves k) (Et k) x).
Proof.
  unfold tail_R_check. intros H. apply andb_true_iff in H as [H _].
  apply andb_true_iff in H as [H Hks]. apply andb_true_iff in H as [H H3c].
  apply andb_true_iff in H as [H H3b]. apply andb_true_iff in H as [H H3a].
  apply andb_true_iff in H as [H H2]. apply andb_true_iff in H as [H H1].
  apply andb_true_iff in H as [H HK]. apply andb_true_iff in H as [H Hd].
  apply andb_true_iff in H as [H Hbc]. apply andb_true_iff in H as [Ha' Hab].
  apply Nat.ltb_lt in Ha', Hab, Hbc. apply Nat.leb_le in Hd, HK.
  intros k Hk.
  assert (Hc : fc k0 <= fc k) by (unfold fc; nia).
  destruct (lt_dec k K) as [HkK|HkK].
  - intros x Hx. apply Nat.eqb_eq.
    apply (forall_seq _ _ _ (forall_seq _ _ _ Hks k ltac:(lia))). lia.
  - apply tail_R_large; auto; [|lia]. assert (fc K <= fc k) by (unfold fc; nia). lia.
Qed.

(** ** The marker *)

(** The window at offset c + u - L, letter i: [content u i]. *)
Definition content (L u i : nat) : nat :=
  if u + i <? L then nth (rd (rho + u + i) L) B 0
  else if u + i <? L + d then Yv (u + i - L) else Bv (u + i - L - d).

Definition differs (L u v : nat) : bool :=
  existsb (fun i => negb (content L u i =? content L v i)) (seq 0 L).

(** M1: the marker window is no factor of the B-run; M2: it differs from
    every other window that meets Y. *)
Definition m1_ok (L u0 : nat) : bool :=
  forallb (fun r => existsb (fun i => negb (Bv (r + i) =? content L u0 i)) (seq 0 L)) (seq 0 m).
Definition m2_ok (L u0 : nat) : bool :=
  forallb (fun u => (u =? u0) || differs L u u0) (seq 1 (L + d - 1)).

Definition o0 (L u0 k : nat) : nat := fc k + u0 - L.

Definition mark_at (L u0 k : nat) : bool :=
  forallb (fun o => (o =? o0 L u0 k) ||
    existsb (fun i => negb (Et k (o + i) =? Et k (o0 L u0 k + i))) (seq 0 L)) (seq 0 (fp k)).

Definition tail_M_check (k0 K L u0 : nat) : bool :=
  (0 <? a) && (L <=? fc K) && (u0 <? L + d) && m1_ok L u0 && m2_ok L u0 &&
  forallb (mark_at L u0) (seq k0 (K - k0)).

Lemma content_ok L k u i : L <= fc k -> u < L + d -> i < L ->
  Et k (fc k + u - L + i) = content L u i.
Proof.
  intros HL Hu Hi. unfold content.
  destruct (Nat.ltb_spec (u + i) L).
  - rewrite Et_run1 by lia. unfold fc in *. rewrite <- (Bv_sub k (rho + u + i) L) by lia. f_equal. lia.
  - destruct (Nat.ltb_spec (u + i) (L + d)).
    + rewrite Et_tail by (unfold fp; lia). f_equal. lia.
    + rewrite Et_run2 by (unfold fp in *; lia). unfold fp. f_equal. lia.
Qed.

Theorem tail_M_sound k0 K L u0 : tail_M_check k0 K L u0 = true ->
  forall k, k0 <= k -> forall o, o < fp k -> o <> o0 L u0 k ->
  exists i, i < L /\ Et k (o + i) <> Et k (o0 L u0 k + i).
Proof.
  unfold tail_M_check. intros H.
  apply andb_true_iff in H as [H Hks]. apply andb_true_iff in H as [H H2m].
  apply andb_true_iff in H as [H H1m]. apply andb_true_iff in H as [H Hu0].
  apply andb_true_iff in H as [_ HLK].
  apply Nat.ltb_lt in Hu0. apply Nat.leb_le in HLK.
  intros k Hk o Ho Hne.
  assert (Hneq : forall x y, negb (x =? y) = true -> x <> y)
    by (intros x y E; apply negb_true_iff, Nat.eqb_neq in E; exact E).
  destruct (lt_dec k K) as [HkK|HkK].
  - pose proof (forall_seq _ _ _ (forall_seq _ _ _ Hks k ltac:(lia)) o ltac:(lia)) as E.
    apply orb_true_iff in E as [E|E]; [apply Nat.eqb_eq in E; contradiction|].
    apply existsb_seq in E as [i [Hi E]]. exists i. split; auto.
  - assert (HL : L <= fc k) by (assert (fc K <= fc k) by (unfold fc; nia); lia).
    assert (HW : forall i, i < L -> Et k (o0 L u0 k + i) = content L u0 i)
      by (intros i Hi; unfold o0; apply content_ok; lia).
    destruct (le_lt_dec (o + L) (fc k)) as [Hin|Hout].
    + (* the window lies in the B-run *)
      pose proof (Nat.mod_upper_bound o m m_pos).
      pose proof (forall_seq _ _ _ H1m (o mod m) ltac:(lia)) as E.
      apply existsb_seq in E as [i [Hi E]]. exists i. split; [exact Hi|].
      rewrite HW by exact Hi. rewrite Et_run1 by lia. rewrite Bv_red_add. apply Hneq, E.
    + (* the window meets Y: o = c + u - L *)
      set (u := o + L - fc k).
      assert (Hu : 1 <= u < L + d) by (unfold u, fp in *; lia).
      assert (Huu : u <> u0) by (intros E; apply Hne; unfold o0; unfold u in E; lia).
      pose proof (forall_seq _ _ _ H2m u ltac:(lia)) as E.
      apply orb_true_iff in E as [E|E]; [apply Nat.eqb_eq in E; contradiction|].
      apply existsb_seq in E as [i [Hi E]]. exists i. split; [exact Hi|].
      rewrite HW by exact Hi. replace o with (fc k + u - L) by (unfold u; lia).
      rewrite content_ok by lia. apply Hneq, E.
Qed.

Theorem tail_claim_of k L u0 :
  0 < a -> a < b -> b < fc k ->
  (forall x, x < fp k + fc k -> Et k x = mex (options (moves k) (Et k) x)) ->
  (forall o, o < fp k -> o <> o0 L u0 k ->
     exists i, i < L /\ Et k (o + i) <> Et k (o0 L u0 k + i)) ->
  tail_claim k.
Proof.
  intros _ Hab Hbc HR HM.
  assert (Hp : 0 < fp k) by (unfold fp; lia).
  assert (HG : forall x, G (moves k) x = Et k x).
  { apply (fact1_G (moves k) (fp k) (Et k) (moves_pos k Hab Hbc) Hp (Et_period k Hp)).
    rewrite list_max_moves by lia. exact HR. }
  split; [exact HG|]. apply (least_preperiod_ext _ (Et k) _ _ HG).
  apply (fact2_unique_window (Et k) (fp k) (o0 L u0 k) L Hp); [|exact HM].
  intros x _. apply Et_period, Hp.
Qed.

Theorem tail_family_sound k0 K L u0 :
  tail_R_check k0 K = true -> tail_M_check k0 K L u0 = true ->
  forall k, k0 <= k -> tail_claim k.
Proof.
  intros HR HM k Hk. pose proof HR as H. unfold tail_R_check in H.
  repeat match goal with H : (_ && _) = true |- _ => apply andb_true_iff in H as [? ?] end.
  repeat match goal with H : (_ <? _) = true |- _ => apply Nat.ltb_lt in H end.
  apply (tail_claim_of k L u0); auto.
  - unfold fc in *. nia.
  - apply (tail_R_sound k0 K HR k Hk).
  - apply (tail_M_sound k0 K L u0 HM k Hk).
Qed.
End Tail.
End Family.


(** ** The theorems the exported files use

    The same as above, with [0 < a] read from the checks: for a family
    (a, b, rho, k0, B) of the Tail shape with tail Y and a marker of
    length L at offset c + u0 - L (u0 = start + L), or of the Base shape
    with least period p0. *)

Lemma check_a a b rho B Y k0 K : tail_R_check a b rho B Y k0 K = true -> 0 < a.
Proof.
  unfold tail_R_check. intros H.
  repeat match goal with H : (_ && _) = true |- _ => apply andb_true_iff in H as [H ?] end.
  apply Nat.ltb_lt in H. exact H.
Qed.

Lemma check_a_M a b rho B Y k0 K L u0 : tail_M_check a b rho B Y k0 K L u0 = true -> 0 < a.
Proof.
  unfold tail_M_check. intros H.
  repeat match goal with H : (_ && _) = true |- _ => apply andb_true_iff in H as [H ?] end.
  apply Nat.ltb_lt in H. exact H.
Qed.

Lemma check_a_base a b rho B k0 : base_R_check a b rho B k0 = true -> 0 < a.
Proof.
  unfold base_R_check. intros H.
  repeat match goal with H : (_ && _) = true |- _ => apply andb_true_iff in H as [H ?] end.
  apply Nat.ltb_lt in H. exact H.
Qed.

(** (R) for every k >= k0, Tail shape. *)
Theorem tail_recurrence a b rho B Y k0 K :
  tail_R_check a b rho B Y k0 K = true ->
  forall k, k0 <= k -> forall x, x < fp a b rho Y k + fc a b rho k ->
    Et a b rho B Y k x = mex (options (moves a b rho k) (Et a b rho B Y k) x).
Proof. intros H. exact (tail_R_sound a b rho B (check_a _ _ _ _ _ _ _ H) Y k0 K H). Qed.

(** (M) for every k >= k0, Tail shape. *)
Theorem tail_marker a b rho B Y k0 K L u0 :
  tail_M_check a b rho B Y k0 K L u0 = true ->
  forall k, k0 <= k -> forall o, o < fp a b rho Y k -> o <> o0 a b rho L u0 k ->
    exists i, i < L /\ Et a b rho B Y k (o + i) <> Et a b rho B Y k (o0 a b rho L u0 k + i).
Proof. intros H. exact (tail_M_sound a b rho B (check_a_M _ _ _ _ _ _ _ _ _ H) Y k0 K L u0 H). Qed.

(** Facts 1 and 2 applied: (R) and (M) at k give the claim at k. *)
Theorem tail_claim_of_RM a b rho B Y k L u0 :
  0 < a -> a < b -> b < fc a b rho k ->
  (forall x, x < fp a b rho Y k + fc a b rho k ->
     Et a b rho B Y k x = mex (options (moves a b rho k) (Et a b rho B Y k) x)) ->
  (forall o, o < fp a b rho Y k -> o <> o0 a b rho L u0 k ->
     exists i, i < L /\ Et a b rho B Y k (o + i) <> Et a b rho B Y k (o0 a b rho L u0 k + i)) ->
  tail_claim a b rho B Y k.
Proof. intros Ha. exact (tail_claim_of a b rho B Ha Y k L u0 Ha). Qed.

Theorem tail_family a b rho B Y k0 K L u0 :
  tail_R_check a b rho B Y k0 K = true -> tail_M_check a b rho B Y k0 K L u0 = true ->
  forall k, k0 <= k -> tail_claim a b rho B Y k.
Proof. intros H. exact (tail_family_sound a b rho B (check_a _ _ _ _ _ _ _ H) Y k0 K L u0 H). Qed.

(** Base shape. *)
Theorem base_recurrence a b rho B k0 :
  base_R_check a b rho B k0 = true ->
  forall k, k0 <= k -> forall x, x < a + b + fc a b rho k ->
    Bv a b B x = mex (options (moves a b rho k) (Bv a b B) x).
Proof. intros H. exact (base_R_sound a b rho B (check_a_base _ _ _ _ _ H) k0 H). Qed.

Theorem base_marker a b rho B p0 k0 :
  base_R_check a b rho B k0 = true -> base_M_check a b B p0 = true ->
  0 < p0 /\ period_from (Bv a b B) 0 p0 /\
  forall o, o < p0 -> o <> 0 -> exists i, i < a + b /\ Bv a b B (o + i) <> Bv a b B (0 + i).
Proof. intros H. exact (base_M_sound a b B (check_a_base _ _ _ _ _ H) p0). Qed.

Theorem base_family a b rho B p0 k0 :
  base_R_check a b rho B k0 = true -> base_M_check a b B p0 = true ->
  forall k, k0 <= k -> base_claim a b rho B p0 k.
Proof. intros H. exact (base_family_sound a b rho B (check_a_base _ _ _ _ _ H) p0 k0 H). Qed.

Theorem base_claim_of_RM a b rho B p0 k :
  0 < a -> a < b -> b < fc a b rho k ->
  (forall x, x < a + b + fc a b rho k ->
     Bv a b B x = mex (options (moves a b rho k) (Bv a b B) x)) ->
  0 < p0 -> period_from (Bv a b B) 0 p0 ->
  (forall o, o < p0 -> o <> 0 -> exists i, i < a + b /\ Bv a b B (o + i) <> Bv a b B (0 + i)) ->
  base_claim a b rho B p0 k.
Proof. intros Ha. exact (base_claim_of a b rho B Ha p0 k Ha). Qed.
